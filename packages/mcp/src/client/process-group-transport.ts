import { type ChildProcess, spawn } from 'node:child_process';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { JsonLineReader, McpLineTooLongError } from './json-line-reader.ts';

/** What {@link ProcessGroupTransport} starts. */
export interface ProcessGroupParams {
  readonly command: string;
  readonly args: readonly string[];
  /** The whole environment of the process (already allowlisted). */
  readonly env: Record<string, string>;
  readonly cwd?: string;
  /** How long `close` waits after closing stdin, then after SIGTERM; default 1000 ms. */
  readonly graceMs?: number;
  /** The longest message the server may send, in bytes (default `MAX_MCP_LINE_BYTES`, 64 MiB). */
  readonly maxMessageBytes?: number;
}

const STDERR_KEPT = 2048;
// Groups still alive, killed synchronously if the process exits without closing them.
const live = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // ESRCH: the group is gone already.
  }
}

/**
 * The SDK's stdio framing (`ReadBuffer`, `serializeMessage`) over a child
 * started in a process group of its own, so closing reaps everything the
 * server started (an `npx` wrapper, a shell, their children), not only the
 * direct child: `close` ends stdin, waits, then SIGTERM and SIGKILL the group.
 * The SDK's `StdioClientTransport` cannot do this (it spawns in kodama's
 * group). If kodama exits with groups still open, they are killed at `exit`.
 */
export class ProcessGroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #params: ProcessGroupParams;
  readonly #buffer: JsonLineReader;
  #child: ChildProcess | undefined;
  #stderr = '';

  constructor(params: ProcessGroupParams) {
    this.#params = params;
    this.#buffer = new JsonLineReader(params.maxMessageBytes);
  }

  /** The server process's id once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The last 2 KB the server wrote on stderr (for error messages). */
  get stderrTail(): string {
    return this.#stderr;
  }

  start(): Promise<void> {
    if (this.#child) throw new Error('ProcessGroupTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.#params.command, [...this.#params.args], {
        env: this.#params.env,
        cwd: this.#params.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      this.#child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => {
        if (child.pid !== undefined) track(child.pid);
        resolve();
      });
      child.on('close', () => {
        if (child.pid !== undefined) killGroup(child.pid, 'SIGTERM');
        if (child.pid !== undefined) live.delete(child.pid);
        if (this.#child === child) this.#child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        const { messages, errors } = this.#buffer.push(chunk);
        for (const message of messages) this.onmessage?.(message);
        for (const error of errors) this.onerror?.(error);
        // A server past the limit is broken or hostile: it is stopped, the call it owed fails.
        if (errors.some((e) => e instanceof McpLineTooLongError)) void this.close();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin || stdin.destroyed) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Ends stdin, then SIGTERM and SIGKILL the process group, each after the grace period. */
  async close(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    this.#buffer.clear();
    if (!child || child.pid === undefined) return;
    const pid = child.pid;
    const grace = this.#params.graceMs ?? 1000;
    const closed = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('close', () => resolve());
    });
    const wait = () => Promise.race([closed, new Promise<void>((r) => setTimeout(r, grace).unref())]);
    child.stdin?.end();
    await wait();
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(pid, 'SIGTERM');
      await wait();
    }
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(pid, 'SIGKILL');
      await closed;
    }
    // The leader is gone; whatever it left in its group goes too.
    killGroup(pid, 'SIGKILL');
    live.delete(pid);
  }
}

function track(pid: number): void {
  live.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const group of live) killGroup(group, 'SIGKILL');
  });
}
