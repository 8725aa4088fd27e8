import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { type ServerProcess, startServerProcess } from '../subprocess/run-process.ts';
import type { CheckedFile, CheckResult, Diagnostic, DiagnosticsSource } from './diagnostic.ts';

/** How to start a language server that speaks LSP over stdio. */
export interface LanguageServerOptions {
  /** Shown with its findings; default the command's program name. */
  readonly name?: string;
  /** argv, e.g. `['typescript-language-server', '--stdio']`. */
  readonly command: readonly string[];
  /** The project root (the server's workspace folder). */
  readonly root: string;
  /** `initializationOptions` (typescript-language-server: `{ tsserver: { path } }`). */
  readonly initializationOptions?: unknown;
  /** Longest wait for the first check, which includes the server loading the project. Default 60 s. */
  readonly firstTimeoutMs?: number;
  /** Longest wait for a later check. Default 15 s. */
  readonly timeoutMs?: number;
  /** Quiet time after a publish before a file's diagnostics count as complete. Default 400 ms. */
  readonly settleMs?: number;
}

interface Published {
  /** Every publish for the file so far (the diagnostics of the latest). */
  count: number;
  diagnostics: readonly Diagnostic[];
}

/** LSP's DiagnosticSeverity: 1 error, 2 warning (information and hints are not told to the model). */
const SEVERITY: Record<number, Diagnostic['severity']> = { 1: 'error', 2: 'warning' };

interface LspDiagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
  readonly severity?: number;
  readonly code?: string | number;
  readonly source?: string;
  readonly message: string;
}

/**
 * A language server kept running for the session (started on the first
 * check: sessions that never edit start none), told each changed file's
 * full text (`didOpen`, then `didChange`), and read through the
 * `publishDiagnostics` it pushes: a file's diagnostics count as complete
 * once the server has been quiet about it for `settleMs` after the change
 * (typescript-language-server publishes syntax, then semantic results).
 * The server is untrusted only as far as the project is: the CLI starts one
 * only in a trusted project (it runs the project's TypeScript and plugins).
 */
export class LanguageServerDiagnostics implements DiagnosticsSource {
  readonly name: string;
  readonly #options: LanguageServerOptions;
  #started: Promise<MessageConnection> | undefined;
  #child: ServerProcess | undefined;
  #failed: string | undefined;
  readonly #versions = new Map<string, number>();
  readonly #published = new Map<string, Published>();
  readonly #waiters = new Set<() => void>();
  #checks = 0;

  constructor(options: LanguageServerOptions) {
    this.#options = options;
    this.name = options.name ?? options.command[0]?.split('/').pop() ?? 'language server';
  }

  async check(files: readonly CheckedFile[], signal?: AbortSignal): Promise<CheckResult> {
    if (this.#failed) return { diagnostics: [], note: this.#failed };
    let connection: MessageConnection;
    try {
      this.#started ??= this.#start();
      connection = await this.#started;
    } catch (error) {
      this.#failed = `${this.name} could not start (${error instanceof Error ? error.message : String(error)}); no diagnostics this session`;
      return { diagnostics: [], note: this.#failed };
    }
    const first = this.#checks++ === 0;
    const before = new Map<string, number>();
    for (const file of files) {
      const uri = pathToFileURL(file.path).href;
      before.set(uri, this.#published.get(uri)?.count ?? 0);
      const version = (this.#versions.get(uri) ?? 0) + 1;
      this.#versions.set(uri, version);
      if (version === 1)
        void connection.sendNotification('textDocument/didOpen', {
          textDocument: { uri, languageId: languageOf(file.path), version, text: file.text },
        });
      else
        void connection.sendNotification('textDocument/didChange', {
          textDocument: { uri, version },
          contentChanges: [{ text: file.text }],
        });
    }
    const limit = first ? (this.#options.firstTimeoutMs ?? 60_000) : (this.#options.timeoutMs ?? 15_000);
    const settled = await this.#settle(before, limit, signal);
    const diagnostics = [...before.keys()].flatMap((uri) => this.#published.get(uri)?.diagnostics ?? []);
    return settled
      ? { diagnostics }
      : { diagnostics, note: `${this.name} did not report within ${Math.round(limit / 1000)} s` };
  }

  /** True once every file had a publish after its change and `settleMs` of quiet; false at `limit` or an abort. */
  #settle(before: Map<string, number>, limit: number, signal?: AbortSignal): Promise<boolean> {
    const settleMs = this.#options.settleMs ?? 400;
    return new Promise((resolve) => {
      let quiet: NodeJS.Timeout | undefined;
      const done = (ok: boolean) => {
        clearTimeout(quiet);
        clearTimeout(deadline);
        this.#waiters.delete(onPublish);
        signal?.removeEventListener('abort', onAbort);
        resolve(ok);
      };
      const onAbort = () => done(false);
      const onPublish = () => {
        const all = [...before].every(([uri, count]) => (this.#published.get(uri)?.count ?? 0) > count);
        if (!all) return;
        clearTimeout(quiet);
        quiet = setTimeout(() => done(true), settleMs);
      };
      const deadline = setTimeout(() => done(false), limit);
      this.#waiters.add(onPublish);
      signal?.addEventListener('abort', onAbort, { once: true });
      onPublish();
    });
  }

  async #start(): Promise<MessageConnection> {
    const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = await import(
      'vscode-jsonrpc/node'
    );
    const [command, ...args] = this.#options.command;
    if (!command) throw new Error('an empty language server command');
    const child = startServerProcess([command, ...args], { cwd: this.#options.root });
    this.#child = child;
    await child.started;
    child.onExit((code, signal) => {
      this.#failed ??= `${this.name} stopped (${signal ?? `exit ${code}`}); no diagnostics for the rest of the session`;
    });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    connection.onNotification(
      'textDocument/publishDiagnostics',
      (p: { uri: string; diagnostics: LspDiagnostic[] }) => this.#onPublish(p.uri, p.diagnostics),
    );
    // What servers ask of their client: configuration (none), capability registration and progress (acknowledged).
    connection.onRequest((method: string, params: unknown) =>
      method === 'workspace/configuration'
        ? ((params as { items?: unknown[] }).items ?? []).map(() => null)
        : null,
    );
    connection.onError(() => undefined);
    connection.listen();
    const rootUri = pathToFileURL(this.#options.root).href;
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'root' }],
      capabilities: { textDocument: { publishDiagnostics: {}, synchronization: {} } },
      ...(this.#options.initializationOptions === undefined
        ? {}
        : { initializationOptions: this.#options.initializationOptions }),
    });
    void connection.sendNotification('initialized', {});
    return connection;
  }

  #onPublish(uri: string, diagnostics: readonly LspDiagnostic[]): void {
    const path = fileURLToPathSafe(uri);
    const found: Diagnostic[] = [];
    for (const d of diagnostics) {
      const severity = SEVERITY[d.severity ?? 1];
      if (severity === undefined || path === undefined) continue;
      found.push({
        path,
        line: d.range.start.line + 1,
        column: d.range.start.character + 1,
        severity,
        ...(d.code === undefined ? {} : { code: codeOf(d) }),
        message: d.message,
      });
    }
    const count = (this.#published.get(uri)?.count ?? 0) + 1;
    this.#published.set(uri, { count, diagnostics: found });
    for (const waiter of [...this.#waiters]) waiter();
  }

  /** Asks the server to shut down, then ends it; never throws. */
  async close(): Promise<void> {
    const started = this.#started;
    this.#started = undefined;
    this.#failed = 'the language server was closed';
    if (!started) return;
    const child = this.#child;
    try {
      const connection = await started;
      await Promise.race([connection.sendRequest('shutdown'), delay(2000)]);
      void connection.sendNotification('exit');
      connection.dispose();
    } catch {
      // It may have failed to start or died already; it is killed below either way.
    }
    // Its own answer to exit usually ends it; whatever is left of its process group is ended here.
    if (child && !child.exited) await Promise.race([new Promise((r) => child.onExit(r)), delay(1000)]);
    await child?.kill();
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

function codeOf(d: LspDiagnostic): string {
  return d.source === 'typescript' && typeof d.code === 'number' ? `TS${d.code}` : String(d.code);
}

function fileURLToPathSafe(uri: string): string | undefined {
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined; // not a file: URI; nothing of ours
  }
}

function languageOf(path: string): string {
  if (/\.tsx$/.test(path)) return 'typescriptreact';
  if (/\.[cm]?ts$/.test(path)) return 'typescript';
  if (/\.jsx$/.test(path)) return 'javascriptreact';
  if (/\.[cm]?js$/.test(path)) return 'javascript';
  return 'plaintext';
}
