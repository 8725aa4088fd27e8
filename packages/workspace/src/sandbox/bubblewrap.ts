import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { runProcess } from '../subprocess/run-process.ts';
import { SandboxUnavailableError } from '../workspace/errors.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { emptyFile } from './empty-file.ts';
import { processCgroup } from './process-cgroup.ts';
import { readOnlyControlPaths } from './read-only-control.ts';
import { DEFAULT_RESOURCE_LIMITS, prlimitPrefix } from './resource-limits.ts';
import type { BubblewrapSandbox, SandboxOptions } from './sandbox-options.ts';

/** System directories mounted read-only (a symlink such as `/bin -> usr/bin` is recreated as a symlink). */
export const SYSTEM_DIRS: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
];

/**
 * The only parts of `/etc` a command sees: TLS roots, name resolution, time
 * zone, users and groups (no shadow), Debian's alternatives symlinks and the
 * dynamic linker's cache. Nothing with secrets (ssh config, shadow, sudoers).
 */
export const ETC_BASELINE: readonly string[] = [
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/pki',
  '/etc/resolv.conf',
  '/etc/nsswitch.conf',
  '/etc/host.conf',
  '/etc/gai.conf',
  '/etc/hosts',
  '/etc/localtime',
  '/etc/passwd',
  '/etc/group',
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
];

function systemMounts(): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    let link: string | undefined;
    try {
      if (lstatSync(dir).isSymbolicLink()) link = readlinkSync(dir);
    } catch {
      continue; // not on this system
    }
    if (link !== undefined) args.push('--symlink', link, dir);
    else args.push('--ro-bind', dir, dir);
  }
  return args;
}

/** Denied paths inside the roots that the sandbox covers (see `scanDenied`). */
export interface HiddenPaths {
  /** Each is covered by an empty, read-only regular file (see `emptyFile`). */
  readonly files: readonly string[];
  /** Each is covered by an empty tmpfs. */
  readonly directories: readonly string[];
  /** Control entries (`.git`, `.kodama`) deeper in the roots, mounted read-only like the roots' own. */
  readonly controls?: readonly string[];
}

/**
 * The bwrap arguments (everything before the command) for a workspace.
 * Mount order matters: later mounts cover earlier ones, so roots are mounted
 * shortest path first and a writable root nested in a read-only one stays
 * writable, then the writable roots' `.git` and `.kodama` read-only (see
 * `readOnlyControlPaths`), and the `hidden` credential files and directories last.
 */
export function bubblewrapArgs(
  workspace: Workspace,
  sandbox: BubblewrapSandbox,
  hidden: HiddenPaths = { files: [], directories: [] },
): string[] {
  // --cap-drop ALL: run by root, bwrap otherwise leaves the command its capabilities inside the
  // namespaces, enough to `mount -o remount,rw` any read-only bind below.
  const args = ['--die-with-parent', '--new-session', '--unshare-all', '--cap-drop', 'ALL'];
  if (sandbox.network === true) args.push('--share-net');
  args.push(...systemMounts());
  args.push('--dir', '/etc');
  for (const entry of ETC_BASELINE) if (existsSync(entry)) args.push('--ro-bind', entry, entry);
  args.push('--proc', '/proc', '--dev', '/dev', '--bind', workspace.scratchDir, '/tmp');
  const mounts = new Map<string, 'ro' | 'rw'>();
  for (const r of sandbox.extraReadOnly ?? []) mounts.set(r, 'ro');
  for (const r of workspace.readableRoots) mounts.set(r, 'ro');
  for (const r of workspace.writableRoots) mounts.set(r, 'rw');
  const ordered = [...mounts].sort(([a], [b]) => a.length - b.length);
  for (const [path, mode] of ordered) args.push(mode === 'rw' ? '--bind' : '--ro-bind', path, path);
  const writable = ordered.filter(([, mode]) => mode === 'rw').map(([path]) => path);
  for (const path of readOnlyControlPaths(writable, hidden.controls)) args.push('--ro-bind', path, path);
  for (const dir of hidden.directories) args.push('--tmpfs', dir);
  if (hidden.files.length > 0) {
    const empty = emptyFile();
    for (const file of hidden.files) args.push('--ro-bind', empty, file);
  }
  args.push('--chdir', workspace.projectRoot, '--setenv', 'TMPDIR', '/tmp');
  return args;
}

/**
 * Wraps a command's argv for the chosen sandbox: unchanged for `none`,
 * `bwrap <args> -- prlimit <limits> -- <argv>` for bubblewrap (run as root,
 * a `sh` first joins the command to a fresh `pids` cgroup, see `processCgroup`).
 *
 * @throws InvalidOptionError when a resource limit is malformed.
 */
export function wrapArgv(
  workspace: Workspace,
  sandbox: SandboxOptions,
  argv: readonly string[],
  hidden?: HiddenPaths,
): string[] {
  if (sandbox.kind === 'none') return [...argv];
  const limits = prlimitPrefix(sandbox.limits); // validates them first
  // Under root, where RLIMIT_NPROC does not apply, a pids cgroup bounds the processes.
  const cgroup = processCgroup(sandbox.limits?.processes ?? DEFAULT_RESOURCE_LIMITS.processes);
  return [
    sandbox.bwrapPath ?? 'bwrap',
    ...bubblewrapArgs(workspace, sandbox, hidden),
    ...(cgroup?.bwrapArgs ?? []),
    '--',
    ...(cgroup?.prefix ?? []),
    ...limits,
    ...argv,
  ];
}

/**
 * Starts `true` inside the exact sandbox a command would get. Resolves when
 * it ran; throws {@link SandboxUnavailableError} with bwrap's own message when
 * bwrap is missing or cannot create its namespaces here.
 */
export async function assertSandboxAvailable(workspace: Workspace, sandbox: SandboxOptions): Promise<void> {
  if (sandbox.kind === 'none') return;
  const bwrap = sandbox.bwrapPath ?? 'bwrap';
  prlimitPrefix(sandbox.limits); // a malformed limit is the host's InvalidOptionError, not "unavailable"
  let result: Awaited<ReturnType<typeof runProcess>>;
  try {
    result = await runProcess(wrapArgv(workspace, sandbox, ['true']), {
      outputMode: 'separate',
      timeoutMs: 15_000,
    });
  } catch (error) {
    throw new SandboxUnavailableError(
      `bubblewrap sandbox requested but ${bwrap} cannot be started (${(error as Error).message}); install the bubblewrap package. Nothing was run unsandboxed.`,
    );
  }
  if (result.exitCode !== 0) {
    let why = (result.stderr || result.output).trim() || `exit code ${result.exitCode ?? result.exitSignal}`;
    if (/prlimit/.test(why)) why += ' (prlimit sets the resource limits: install util-linux)';
    throw new SandboxUnavailableError(
      `bubblewrap sandbox requested but it cannot start here: ${why}. Nothing was run unsandboxed.`,
    );
  }
}
