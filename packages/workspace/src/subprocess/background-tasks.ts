// Commands that keep running while the conversation goes on (bash's
// `run_in_background`, or a foreground command moved there). Each runs
// through the chokepoint like any other (own process group, recorded in the
// workspace's ProcessRegistry), so closing the owner ends every one of them.
import { StringDecoder } from 'node:string_decoder';
import type { ProcessRegistry } from './process-registry.ts';
import { type RunProcessResult, runProcess } from './run-process.ts';

/** Bytes of not-yet-read output kept per background task; beyond it the oldest are dropped (the tail is kept). */
export const BACKGROUND_MAX_OUTPUT_BYTES = 64 * 1024;
/** Finished tasks kept for a last read; the oldest finished one is forgotten beyond it. */
export const BACKGROUND_MAX_FINISHED = 50;
/** Background tasks running at once unless the owner says otherwise (a start beyond it is refused). */
export const BACKGROUND_MAX_RUNNING = 8;

/** Thrown by {@link BackgroundTasks.start} when `maxRunning` tasks run already; nothing was started. */
export class BackgroundLimitError extends Error {
  override readonly name = 'BackgroundLimitError';
  constructor(
    readonly maxRunning: number,
    readonly running: readonly BackgroundTaskInfo[],
  ) {
    super(`${running.length} background commands are running, the most at once (${maxRunning})`);
  }
}

/** Where a background task is: still running, exited on its own, killed, or never started. */
export type BackgroundStatus =
  | { readonly state: 'running' }
  | { readonly state: 'exited'; readonly exitCode: number | null; readonly exitSignal: string | null }
  | { readonly state: 'killed'; readonly reason: 'kill' | 'timeout' | 'closed' }
  | { readonly state: 'failed'; readonly message: string };

/** One background task as a list shows it. */
export interface BackgroundTaskInfo {
  /** Short id (`bash-1`), what `bash_output` and the kill tool take. */
  readonly id: string;
  /** The command line as the model (or the person) gave it. */
  readonly command: string;
  /** When it started, in ms since the epoch. */
  readonly startedAt: number;
  /** When it ended (ms since the epoch), once it has. */
  readonly endedAt: number | undefined;
  readonly status: BackgroundStatus;
  /** Lines of output not read yet (a last line without a newline counts). */
  readonly unreadLines: number;
}

/** What one read of a task returns: only what is new since the last read. */
export interface BackgroundRead {
  readonly info: BackgroundTaskInfo;
  /** The new output (stdout and stderr together, in arrival order). */
  readonly text: string;
  /** Bytes of new output dropped before this read because more than the cap arrived. */
  readonly droppedBytes: number;
}

/** How to start a background task. */
export interface StartBackgroundOptions {
  /** The command line, for lists and reads. */
  readonly command: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Kill the task after this many ms (default: runs until killed or its owner closes). */
  readonly timeoutMs?: number;
}

/** How to run a foreground command that the person may move to the background. */
export interface ForegroundOptions extends StartBackgroundOptions {
  /** The turn's signal: aborting kills the command, until it is moved. */
  readonly signal: AbortSignal;
  /** Kill it after this many ms, until it is moved (a background command has no timeout). */
  readonly timeoutMs: number;
  /** Bytes of output kept for the result (head and tail), as `runProcess`'s `maxOutputBytes`. */
  readonly maxOutputBytes: number;
  /** Each chunk as it arrives, until it is moved (live output on a screen). */
  readonly onOutput?: (chunk: Buffer) => void;
}

/** How a foreground command ended: it finished (or was killed), or it was moved to the background. */
export type ForegroundOutcome =
  | { readonly kind: 'finished'; readonly result: RunProcessResult; readonly timedOut: boolean }
  | { readonly kind: 'moved'; readonly id: string; readonly output: string; readonly droppedBytes: number };

class BackgroundTask {
  readonly startedAt = Date.now();
  endedAt: number | undefined;
  status: BackgroundStatus = { state: 'running' };
  readonly stop = new AbortController();
  stopReason: 'kill' | 'closed' | undefined;
  done: Promise<void> = Promise.resolve();
  #chunks: Buffer[] = [];
  #bytes = 0;
  #dropped = 0;
  #decoder = new StringDecoder('utf8');

  /** Set while the command runs in the foreground: moves it to the background. */
  move: (() => void) | undefined;

  constructor(
    public id: string,
    readonly command: string,
    readonly cap: number,
  ) {}

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    while (this.#bytes > this.cap) {
      const first = this.#chunks[0]!;
      const excess = this.#bytes - this.cap;
      // Drop whole chunks, then bytes, and never start on a UTF-8 continuation byte.
      let cut = Math.min(first.length, excess);
      while (cut < first.length && (first[cut]! & 0xc0) === 0x80) cut++;
      if (cut >= first.length) this.#chunks.shift();
      else this.#chunks[0] = first.subarray(cut);
      this.#bytes -= cut;
      this.#dropped += cut;
    }
  }

  unreadLines(): number {
    let lines = 0;
    let last = 0x0a;
    for (const chunk of this.#chunks) {
      for (const byte of chunk) if (byte === 0x0a) lines++;
      if (chunk.length > 0) last = chunk[chunk.length - 1]!;
    }
    return last === 0x0a ? lines : lines + 1;
  }

  take(): { text: string; droppedBytes: number } {
    const text = this.#decoder.write(Buffer.concat(this.#chunks));
    const droppedBytes = this.#dropped;
    this.#chunks = [];
    this.#bytes = 0;
    this.#dropped = 0;
    return { text, droppedBytes };
  }

  info(): BackgroundTaskInfo {
    return {
      id: this.id,
      command: this.command,
      startedAt: this.startedAt,
      endedAt: this.endedAt,
      status: this.status,
      unreadLines: this.unreadLines(),
    };
  }
}

/**
 * The background tasks of one workspace. A value its owner holds (the
 * Workspace, which ends them all on close), never a global; a task's
 * process group is recorded in the owner's ProcessRegistry too.
 */
export class BackgroundTasks {
  readonly #registry: ProcessRegistry;
  readonly #cap: number;
  readonly #tasks = new Map<string, BackgroundTask>();
  readonly #listeners = new Set<() => void>();
  /** Tasks whose process has not ended, foreground ones included (closeAll ends them too). */
  readonly #live = new Set<BackgroundTask>();
  #next = 1;
  #closed = false;

  /** How many may run at once: {@link start} refuses beyond it (a move to the background by a person does not). */
  readonly maxRunning: number;

  /**
   * @param maxOutputBytes unread bytes kept per task (default {@link BACKGROUND_MAX_OUTPUT_BYTES}).
   * @param maxRunning tasks running at once (default {@link BACKGROUND_MAX_RUNNING}).
   */
  constructor(
    registry: ProcessRegistry,
    maxOutputBytes = BACKGROUND_MAX_OUTPUT_BYTES,
    maxRunning = BACKGROUND_MAX_RUNNING,
  ) {
    this.#registry = registry;
    this.#cap = maxOutputBytes;
    this.maxRunning = maxRunning;
  }

  /**
   * Starts `argv` (no shell; already wrapped in the sandbox when there is
   * one) and returns its id at once. Throws once the owner has closed, and
   * {@link BackgroundLimitError} when `maxRunning` run already.
   */
  start(argv: readonly string[], options: StartBackgroundOptions): string {
    if (this.#closed) throw new Error('the workspace is closed; no more commands can run');
    if (this.running >= this.maxRunning)
      throw new BackgroundLimitError(
        this.maxRunning,
        this.list().filter((task) => task.status.state === 'running'),
      );
    const task = new BackgroundTask(`bash-${this.#next++}`, options.command, this.#cap);
    this.#tasks.set(task.id, task);
    this.#forgetOldFinished();
    const finished = runProcess(argv, {
      cwd: options.cwd,
      env: options.env,
      signal: task.stop.signal,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      // Nothing is collected there: the task keeps its own unread tail.
      maxOutputBytes: 0,
      registry: this.#registry,
      onOutput: (chunk) => task.push(chunk),
    });
    this.#track(task, finished, String(argv[0]));
    this.#changed();
    return task.id;
  }

  /**
   * Runs a foreground command (bash without `run_in_background`) so that
   * {@link moveToBackground} can turn it into a background task: then its
   * timeout and the turn's signal no longer apply, live output stops, and the
   * outcome is `moved` with the output so far (what `read` then returns is
   * only what came after). Rejects as `runProcess` does when it cannot start.
   */
  runForeground(argv: readonly string[], options: ForegroundOptions): Promise<ForegroundOutcome> {
    if (this.#closed) return Promise.reject(new Error('the workspace is closed; no more commands can run'));
    const task = new BackgroundTask('', options.command, this.#cap);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      task.stop.abort();
    }, options.timeoutMs);
    const onAbort = () => task.stop.abort();
    options.signal.addEventListener('abort', onAbort, { once: true });
    const release = () => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      task.move = undefined;
    };
    const finished = options.signal.aborted
      ? Promise.reject(options.signal.reason ?? new Error('aborted'))
      : runProcess(argv, {
          cwd: options.cwd,
          env: options.env,
          signal: task.stop.signal,
          maxOutputBytes: options.maxOutputBytes,
          registry: this.#registry,
          onOutput: (chunk) => {
            task.push(chunk);
            if (task.move) options.onOutput?.(chunk);
          },
        });
    this.#track(task, finished, String(argv[0]));
    return new Promise((resolve, reject) => {
      task.move = () => {
        release();
        task.id = `bash-${this.#next++}`;
        this.#tasks.set(task.id, task);
        this.#forgetOldFinished();
        const { text, droppedBytes } = task.take();
        this.#changed();
        resolve({ kind: 'moved', id: task.id, output: text, droppedBytes });
      };
      finished.then(
        (result) => {
          if (!task.move) return; // moved: the task table has it now
          release();
          resolve({ kind: 'finished', result, timedOut });
        },
        (error: unknown) => {
          if (!task.move) return;
          release();
          reject(error);
        },
      );
    });
  }

  /**
   * Moves every command running in the foreground to the background (Ctrl+B);
   * returns their new ids. A person's choice: `maxRunning` does not apply.
   */
  moveToBackground(): string[] {
    const moving = [...this.#foreground];
    for (const task of moving) task.move?.();
    return moving.map((task) => task.id);
  }

  /** Every known task, oldest first. */
  list(): BackgroundTaskInfo[] {
    return [...this.#tasks.values()].map((task) => task.info());
  }

  /** How many are still running. */
  get running(): number {
    let count = 0;
    for (const task of this.#tasks.values()) if (task.status.state === 'running') count++;
    return count;
  }

  /** A task's list entry; undefined for an unknown id. */
  info(id: string): BackgroundTaskInfo | undefined {
    return this.#tasks.get(id)?.info();
  }

  /** The output that arrived since the last read, and the status; undefined for an unknown id. */
  read(id: string): BackgroundRead | undefined {
    const task = this.#tasks.get(id);
    if (!task) return undefined;
    const { text, droppedBytes } = task.take();
    return { info: task.info(), text, droppedBytes };
  }

  /**
   * Ends a task's whole process tree (SIGTERM, then SIGKILL) and resolves
   * with its entry once it is gone; a task that already ended is left as it
   * is. Undefined for an unknown id.
   */
  async kill(id: string): Promise<BackgroundTaskInfo | undefined> {
    const task = this.#tasks.get(id);
    if (!task) return undefined;
    if (task.status.state === 'running') {
      task.stopReason ??= 'kill';
      task.stop.abort();
    }
    await task.done;
    return task.info();
  }

  /** Ends every running task and refuses new ones (the owner is closing). Never throws. */
  async closeAll(): Promise<void> {
    this.#closed = true;
    const running = [...this.#live];
    for (const task of running) {
      task.stopReason ??= 'closed';
      task.stop.abort();
    }
    await Promise.all(running.map((task) => task.done));
  }

  /** Calls `listener` whenever a task starts or ends (a status line's count); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the table goes on.
      }
    }
  }

  /** Foreground commands that can still be moved. */
  get #foreground(): BackgroundTask[] {
    return [...this.#live].filter((task) => task.move !== undefined);
  }

  // Keeps a task's status as its process ends; a timeout set by runForeground shows as the turn's concern.
  #track(task: BackgroundTask, finished: Promise<RunProcessResult>, program: string): void {
    this.#live.add(task);
    task.done = finished
      .then(
        (result) => {
          task.status = result.timedOut
            ? { state: 'killed', reason: 'timeout' }
            : result.aborted
              ? { state: 'killed', reason: task.stopReason ?? 'kill' }
              : { state: 'exited', exitCode: result.exitCode, exitSignal: result.exitSignal };
        },
        (error: Error) => {
          task.status = { state: 'failed', message: `could not start ${program}: ${error.message}` };
        },
      )
      .then(() => {
        task.endedAt = Date.now();
        this.#live.delete(task);
        if (this.#tasks.has(task.id)) this.#changed();
      });
  }

  #forgetOldFinished(): void {
    const finished = [...this.#tasks.values()].filter((task) => task.status.state !== 'running');
    for (const task of finished.slice(0, Math.max(0, finished.length - BACKGROUND_MAX_FINISHED)))
      this.#tasks.delete(task.id);
  }
}
