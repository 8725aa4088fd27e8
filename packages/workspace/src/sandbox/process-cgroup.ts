// The process limit when kodama runs as root. RLIMIT_NPROC (set by prlimit)
// bounds an ordinary user's sandboxed command, but the kernel exempts the
// host's root user from it, so under root a fork bomb in the sandbox would
// meet no limit. Root can create a cgroup of the `pids` controller instead:
// each sandboxed command gets its own, with `pids.max` set, and joins it
// first thing inside the sandbox (a `sh` writes its pid to the cgroup's
// `cgroup.procs`, bound in, then execs the command).
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Prefix of the cgroups created here: `kodama-sandbox-<pid>-<n>`. */
const PREFIX = 'kodama-sandbox-';

/** The `pids` hierarchy's root directory, or undefined (cgroup v1 `pids/`, or a v2 root that delegates pids). */
function pidsHierarchy(): string | undefined {
  const v1 = '/sys/fs/cgroup/pids';
  if (readable(join(v1, 'cgroup.procs'))) return v1;
  const v2 = '/sys/fs/cgroup';
  const delegated = readText(join(v2, 'cgroup.subtree_control'));
  if (delegated !== undefined && /\bpids\b/.test(delegated)) return v2;
  return undefined;
}

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};
const readable = (path: string) => readText(path) !== undefined;

let hierarchy: string | null | undefined;
let created = 0;
let exitHooked = false;
/** This process's cgroups and when each was made. */
const mine = new Map<string, number>();

/**
 * A spawned wrapper joins its cgroup within milliseconds; one of ours older
 * than this that is empty belongs to a finished command.
 */
const JOIN_GRACE_MS = 10_000;

/** Removes finished cgroups: ours past the grace (all of ours at exit), and those of dead kodama processes. */
function sweep(root: string, atExit: boolean): void {
  const now = Date.now();
  for (const [dir, at] of mine) {
    if (!atExit && now - at < JOIN_GRACE_MS) continue;
    if (tryRmdir(dir)) mine.delete(dir);
  }
  if (atExit) return;
  let names: string[];
  try {
    names = readdirSync(root).filter((n) => n.startsWith(PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const owner = Number(name.slice(PREFIX.length).split('-')[0]);
    if (owner !== process.pid && !processAlive(owner)) tryRmdir(join(root, name));
  }
}

/** rmdir succeeds only on a cgroup without processes. */
function tryRmdir(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch {
    return false; // still has processes: removed by a later sweep
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Where a command's own `cgroup.procs` is bound inside the sandbox. */
export const SANDBOX_CGROUP_PROCS = '/run/kodama-sandbox/cgroup.procs';

/** What puts a command into its own `pids` cgroup: bwrap arguments and a prefix for the command. */
export interface ProcessCgroup {
  /** `--bind <its cgroup.procs> /run/kodama-sandbox/cgroup.procs`. */
  readonly bwrapArgs: readonly string[];
  /** `sh -c 'echo $$ > …/cgroup.procs && exec "$@"' sh`: the command's process joins, then becomes the command. */
  readonly prefix: readonly string[];
}

/**
 * A fresh `pids` cgroup limited to `maxProcesses` for one command, or
 * undefined when kodama is not root (RLIMIT_NPROC applies then) or no
 * writable `pids` hierarchy exists. Only the command's own file of the
 * cgroup is bound into the sandbox, and only the command's tree joins it
 * (bwrap's own processes stay outside).
 */
export function processCgroup(maxProcesses: number | 'unlimited'): ProcessCgroup | undefined {
  if (maxProcesses === 'unlimited' || process.getuid?.() !== 0) return undefined;
  if (hierarchy === undefined) hierarchy = pidsHierarchy() ?? null;
  if (hierarchy === null) return undefined;
  const root = hierarchy;
  sweep(root, false);
  const dir = join(root, `${PREFIX}${process.pid}-${++created}`);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, 'pids.max'), String(maxProcesses));
  } catch {
    tryRmdir(dir);
    hierarchy = null; // not writable here after all (a container's read-only cgroupfs)
    return undefined;
  }
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => sweep(root, true));
  }
  mine.set(dir, Date.now());
  return {
    bwrapArgs: ['--bind', join(dir, 'cgroup.procs'), SANDBOX_CGROUP_PROCS],
    prefix: ['/bin/sh', '-c', `echo $$ > ${SANDBOX_CGROUP_PROCS} && exec "$@"`, 'sh'],
  };
}
