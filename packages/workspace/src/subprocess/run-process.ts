// THE subprocess chokepoint: the only module under packages/*/src that may
// import node:child_process (test/chokepoint.test.ts enforces it). Every
// process kodama starts gets its own process group, a timeout that kills the
// whole group, bounded output, and a place in a ProcessRegistry so whatever it
// leaves behind dies when its owner closes, or when this process dies however
// it dies (the registry's watchdog, watchdog.ts).
import { spawn } from 'node:child_process';
import { groupAlive, killTree } from './kill-tree.ts';
import { OutputBuffer } from './output-buffer.ts';
import type { ProcessRegistry } from './process-registry.ts';

/** How to run one process. */
export interface RunProcessOptions {
  /** Working directory. */
  readonly cwd?: string;
  /** Full environment of the child (default: this process's environment). */
  readonly env?: NodeJS.ProcessEnv;
  /** Aborting kills the process group. */
  readonly signal?: AbortSignal;
  /** Kill the group after this many milliseconds (default: no timeout). */
  readonly timeoutMs?: number;
  /** Longest wait between SIGTERM and SIGKILL when killing the group (default 2000); SIGKILL always follows. */
  readonly killGraceMs?: number;
  /** Bytes of output kept per stream, head and tail (default 1 MiB). */
  readonly maxOutputBytes?: number;
  /** `combined`: stderr goes into `output` too (a terminal's view); `separate`: into `stderr`. */
  readonly outputMode?: 'combined' | 'separate';
  /** Records the group so leftovers are killed when the owner closes. */
  readonly registry?: ProcessRegistry;
  /** Written to the child's stdin, which is then closed (default: stdin is closed at once). */
  readonly stdin?: string;
  /** Once the leader exits, how long to wait for its pipes to close before giving up on leftovers (default 200). */
  readonly drainMs?: number;
  /** Called with each stdout chunk as it arrives (e.g. to stop early); return false to kill the group. */
  readonly onStdout?: (chunk: Buffer) => boolean | undefined;
  /** Called with each chunk of stdout and stderr as it arrives (live output for a person to watch). */
  readonly onOutput?: (chunk: Buffer) => void;
}

/** What a finished process left behind. */
export interface RunProcessResult {
  /** Exit code, or null when the process died of a signal. */
  readonly exitCode: number | null;
  /** The signal that ended it, if any. */
  readonly exitSignal: NodeJS.Signals | null;
  /** stdout (plus stderr in `combined` mode), capped with a truncation marker. */
  readonly output: string;
  /** stderr in `separate` mode; '' otherwise. */
  readonly stderr: string;
  /** Bytes dropped from `output` by the cap. */
  readonly truncatedBytes: number;
  /** The timeout fired and the group was killed. */
  readonly timedOut: boolean;
  /** The signal aborted and the group was killed. */
  readonly aborted: boolean;
  /** `onStdout` asked to stop and the group was killed. */
  readonly stoppedEarly: boolean;
  /** The process group id (the leader's pid). */
  readonly pid: number;
}

/**
 * Runs `argv[0]` with `argv.slice(1)` (no shell) in a new process group.
 * Rejects only when the process cannot be started (e.g. ENOENT); a non-zero
 * exit, a timeout or an abort are reported in the result.
 */
export function runProcess(
  argv: readonly string[],
  options: RunProcessOptions = {},
): Promise<RunProcessResult> {
  const [command, ...args] = argv;
  if (!command) return Promise.reject(new TypeError('runProcess: empty argv'));
  const maxBytes = options.maxOutputBytes ?? 1024 * 1024;
  const grace = options.killGraceMs ?? 2000;
  const out = new OutputBuffer(maxBytes);
  const err = options.outputMode === 'separate' ? new OutputBuffer(maxBytes) : out;

  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? new Error('aborted'));
      return;
    }
    // detached: setsid(), so the child leads a new process group we can kill as one.
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let timedOut = false;
    let aborted = false;
    let stoppedEarly = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];

    // Once started, the kill runs to its SIGKILL even if the leader exits first
    // (a child ignoring SIGTERM must not survive), and the result waits for it.
    let killing: Promise<void> | undefined;
    const killGroup = () => {
      if (child.pid === undefined || killing) return;
      killing = killTree(child.pid, grace);
    };
    const onAbort = () => {
      aborted = true;
      killGroup();
    };

    const finish = async () => {
      if (settled || !exit) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      await killing;
      // Forgotten once nothing of it is left (its `&` children keep it recorded until they end or the owner closes).
      if (child.pid !== undefined && !groupAlive(child.pid)) options.registry?.delete(child.pid);
      resolve({
        exitCode: exit.code,
        exitSignal: exit.signal,
        output: out.text(),
        stderr: err === out ? '' : err.text(),
        truncatedBytes: out.droppedBytes,
        timedOut,
        aborted,
        stoppedEarly,
        pid: child.pid ?? -1,
      });
    };

    child.once('error', (error) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    if (child.pid === undefined) return; // 'error' follows
    options.registry?.add(child.pid);

    child.stdout.on('data', (chunk: Buffer) => {
      out.push(chunk);
      options.onOutput?.(chunk);
      if (options.onStdout && options.onStdout(chunk) === false && !stoppedEarly) {
        stoppedEarly = true;
        killGroup();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err.push(chunk);
      options.onOutput?.(chunk);
    });
    child.stdin.on('error', () => {}); // EPIPE when the child never reads stdin
    child.stdin.end(options.stdin ?? '');

    if (options.timeoutMs !== undefined) {
      timers.push(
        setTimeout(() => {
          timedOut = true;
          killGroup();
        }, options.timeoutMs),
      );
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });

    // 'close' waits for the pipes; background children can hold them open
    // forever, so after the leader exits we wait only `drainMs` for them.
    child.once('close', (code, signal) => {
      exit ??= { code, signal };
      finish();
    });
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      const t = setTimeout(finish, options.drainMs ?? 200);
      timers.push(t);
    });
  });
}

/** A long-lived process spoken to over its stdin and stdout (a language server). */
export interface ServerProcess {
  readonly stdin: NodeJS.WritableStream;
  readonly stdout: NodeJS.ReadableStream;
  /** Its pid (and process group id); undefined when it could not be started. */
  readonly pid: number | undefined;
  /** Resolves once it runs; rejects when it cannot be started (ENOENT). */
  readonly started: Promise<void>;
  /** Called once when it exits, however it ended. */
  onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  readonly exited: boolean;
  /** Ends its whole process group (SIGTERM, then SIGKILL after `graceMs`); resolves when done. */
  kill(graceMs?: number): Promise<void>;
}

/**
 * Starts `argv` as a server that lives until its owner kills it: its own
 * process group (so kill ends whatever it started too), stdin and stdout as
 * pipes, stderr dropped. No timeout and no output cap: the owner reads it
 * as a stream and kills it on close.
 */
export function startServerProcess(
  argv: readonly string[],
  options: {
    readonly cwd?: string;
    readonly env?: NodeJS.ProcessEnv;
    /** false: the process and its pipes do not keep this process's event loop alive (a watchdog). Default true. */
    readonly keepAlive?: boolean;
  } = {},
): ServerProcess {
  const [command, ...args] = argv;
  if (!command) throw new TypeError('startServerProcess: empty argv');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const started = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  // A failure to start is reported through `started`; later errors end in 'exit'.
  started.catch(() => undefined);
  if (options.keepAlive === false) {
    child.unref();
    // The pipes are sockets; each holds the loop open on its own.
    for (const stream of [child.stdin, child.stdout]) (stream as unknown as { unref(): void }).unref();
  }
  return {
    stdin: child.stdin,
    stdout: child.stdout,
    pid: child.pid,
    started,
    onExit: (listener) => void child.once('exit', listener),
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    kill: async (graceMs = 1000) => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
        await killTree(child.pid, graceMs);
    },
  };
}
