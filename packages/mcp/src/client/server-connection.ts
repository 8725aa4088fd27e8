import { basename, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { KodamaError } from '@kodama/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  ListRootsRequestSchema,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { McpConfigError } from '../config/mcp-config-error.ts';
import type { McpServerEntry } from '../config/server-entry.ts';
import { type ServerSurface, surfaceHash } from '../screening/surface.ts';
import { httpSessionLoss } from './http-session-loss.ts';
import { McpConnectionError } from './mcp-connection-error.ts';
import { closeTransport, openTransport } from './open-transport.ts';
import { ProcessGroupTransport } from './process-group-transport.ts';

/** What a connection asks of its owner. */
export interface ConnectionHooks {
  /** Screens a surface before its tools may be used (at start, after a restart, after `list_changed`); throw to refuse it. */
  verify(surface: ServerSurface, signal?: AbortSignal): Promise<void>;
  /** A verified surface replaced the previous one (a `list_changed` refresh, a restart that lists other tools). */
  onSurfaceChanged?(surface: ServerSurface): void;
  /** A `list_changed` refresh failed (screening refused it, or listing failed): the tools are withdrawn. */
  onRefreshFailed?(error: unknown): void;
}

/** Options of {@link McpServerConnection}. */
export interface ConnectionOptions {
  readonly hooks: ConnectionHooks;
  /** Where the allowlisted variables of a stdio server come from; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** First restart delay after a crash, doubled per consecutive crash; default 200 ms. */
  readonly restartDelayMs?: number;
  /** Consecutive crashes after which calls fail instead of restarting; default 5. */
  readonly maxRestarts?: number;
  /**
   * The workspace roots, absolute directory paths: declared as the `roots`
   * capability and listed, as `file://` URIs, to a server's `roots/list`.
   * Nothing else is ever listed. Absent or empty: no roots capability.
   */
  readonly roots?: readonly string[];
  /** Per-call timeout, reset by each progress notification the server sends for the call; default 10 minutes. */
  readonly callTimeoutMs?: number;
  /**
   * The most a call may last however much progress it reports (the SDK's
   * `maxTotalTimeout`, checked when progress arrives): a server cannot keep a
   * call alive forever by reporting progress. Default 1 hour.
   */
  readonly callMaxTotalMs?: number;
}

/** A progress notification of a running call, as the server sent it. */
export interface CallProgress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

const CLIENT_INFO = { name: 'kodama', version: '0.1.0' };

/** A workspace root as the protocol lists it. */
interface Root {
  readonly uri: string;
  readonly name: string;
}

function rootOf(path: string): Root {
  if (!isAbsolute(path)) throw new McpConfigError(`an MCP root must be an absolute path, not "${path}"`);
  const dir = resolve(path);
  return Object.freeze({ uri: pathToFileURL(dir).href, name: basename(dir) || dir });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One MCP server as kodama uses it: the SDK `Client` over the entry's
 * transport, its tool list verified before use, restarted with backoff on the
 * next call after a crash (and re-verified), refreshed on
 * `notifications/tools/list_changed`. Pings are answered by the SDK.
 */
export class McpServerConnection {
  /** The configured server. */
  readonly entry: McpServerEntry;
  readonly #options: ConnectionOptions;
  #client: Client | undefined;
  #transport: Transport | undefined;
  #surface: ServerSurface | undefined;
  #crashes = 0;
  #crashed = false;
  #closed = false;
  #starting: Promise<ServerSurface> | undefined;
  #refreshing: Promise<void> | undefined;
  #refreshAgain = false;

  readonly #roots: readonly Root[];

  /** @throws McpConfigError for a root that is not an absolute path. */
  constructor(entry: McpServerEntry, options: ConnectionOptions) {
    this.entry = entry;
    this.#options = options;
    this.#roots = Object.freeze((options.roots ?? []).map(rootOf));
  }

  /** The last verified surface (undefined before `start`). */
  get surface(): ServerSurface | undefined {
    return this.#surface;
  }

  /** The stdio server's process id while it runs. */
  get pid(): number | undefined {
    return this.#transport instanceof ProcessGroupTransport ? this.#transport.pid : undefined;
  }

  /**
   * Starts the server, lists its tools and verifies them.
   *
   * @throws McpConnectionError when it cannot be reached; whatever `verify` throws (the connection is then closed).
   */
  async start(signal?: AbortSignal): Promise<ServerSurface> {
    if (this.#closed) throw new McpConnectionError(`MCP server "${this.entry.id}" is closed`);
    this.#starting ??= this.#start(signal).finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  async #start(signal?: AbortSignal): Promise<ServerSurface> {
    const transport = openTransport(this.entry, this.#options.env ?? process.env);
    // Only roots is declared: elicitation and sampling are not, so a server cannot ask for them
    // and no request of theirs is ever answered (the SDK answers an undeclared one "method not found").
    const client = new Client(CLIENT_INFO, {
      capabilities: this.#roots.length > 0 ? { roots: { listChanged: false } } : {},
      listChanged: {
        tools: { autoRefresh: false, debounceMs: 50, onChanged: () => this.#scheduleRefresh() },
      },
    });
    client.onclose = () => {
      if (this.#client === client && !this.#closed) this.#crashed = true;
    };
    if (this.#roots.length > 0)
      client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: this.#roots.map((r) => ({ ...r })) }));
    this.#client = client;
    this.#transport = transport;
    this.#crashed = false;
    try {
      await client.connect(transport, signal ? { signal } : {});
      const surface = await this.#list(client, signal);
      await this.#options.hooks.verify(surface, signal);
      this.#surface = surface;
      return surface;
    } catch (error) {
      await this.#drop();
      // Screening's verdict, a failing model, a cancel: the caller's to see as they are.
      if (KodamaError.isInstance(error) || signal?.aborted) throw error;
      const tail = transport instanceof ProcessGroupTransport ? transport.stderrTail.trim() : '';
      const what = this.entry.transport === 'http' ? this.entry.url : this.entry.command;
      const detail = error instanceof Error ? error.message : String(error);
      throw new McpConnectionError(
        `MCP server "${this.entry.id}" (${what}) could not be started: ${detail}${tail ? `\nits stderr ends with:\n${tail}` : ''}`,
        { cause: error },
      );
    }
  }

  async #list(client: Client, signal?: AbortSignal): Promise<ServerSurface> {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, signal ? { signal } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    const info = client.getServerVersion();
    const instructions = client.getInstructions();
    return {
      id: this.entry.id,
      ...(info?.name ? { serverName: info.name } : {}),
      ...(info?.version ? { serverVersion: info.version } : {}),
      ...(info?.description ? { serverDescription: info.description } : {}),
      ...(instructions ? { instructions } : {}),
      tools: tools.map((t) => ({
        name: t.name,
        ...(t.title ? { title: t.title } : {}),
        ...(t.description ? { description: t.description } : {}),
        inputSchema: t.inputSchema as Record<string, unknown>,
      })),
    };
  }

  /** One refresh at a time; notifications during one coalesce into one more, so a storm of them lists at most twice at once. */
  #scheduleRefresh(): void {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return;
    }
    this.#refreshing = (async () => {
      do {
        this.#refreshAgain = false;
        await this.#refresh();
      } while (this.#refreshAgain && !this.#closed);
    })().finally(() => {
      this.#refreshing = undefined;
    });
  }

  async #refresh(): Promise<void> {
    // A list_changed right after initialize: let the start list and verify first, then compare.
    await this.#starting?.catch(() => {});
    const client = this.#client;
    if (!client || this.#closed) return;
    try {
      const surface = await this.#list(client);
      // The same definitions (a server that announces a change it did not make, or one the start
      // already listed): nothing to screen again or to swap.
      if (this.#surface && surfaceHash(surface) === surfaceHash(this.#surface)) return;
      await this.#options.hooks.verify(surface);
      if (this.#client !== client) return;
      this.#surface = surface;
      this.#options.hooks.onSurfaceChanged?.(surface);
    } catch (error) {
      if (this.#client !== client) return;
      this.#surface = { ...(this.#surface ?? { id: this.entry.id }), tools: [] };
      this.#options.hooks.onRefreshFailed?.(error);
    }
  }

  /**
   * Calls `name` with `args`; `signal` cancels it (the SDK sends
   * `notifications/cancelled`). After a crash the server is restarted first,
   * after a backoff, and re-verified. An HTTP server that answers 404 to the
   * session (it restarted) gets a new session and the call once more; one that
   * cannot be reached fails this call and is reconnected on the next.
   *
   * The call asks for progress (a `progressToken`): each notification resets
   * its timeout, up to `callMaxTotalMs` in all, and is handed to `onProgress`.
   *
   * @throws McpConnectionError when the server crashed during the call, or too often.
   */
  async call(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    onProgress?: (progress: CallProgress) => void,
  ): Promise<CallToolResult> {
    try {
      return await this.#call(name, args, signal, onProgress);
    } catch (error) {
      if (this.entry.transport !== 'http' || signal.aborted) throw error;
      const loss = httpSessionLoss(error);
      if (loss === undefined) throw error;
      // The server restarted or went away: the next call (or the retry below) opens a new session.
      this.#crashed = true;
      if (loss === 'session') return await this.#call(name, args, signal, onProgress);
      throw new McpConnectionError(
        `MCP server "${this.entry.id}" (${this.entry.url}) cannot be reached; it is reconnected on the next call`,
        { cause: error },
      );
    }
  }

  async #call(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    onProgress: ((progress: CallProgress) => void) | undefined,
  ): Promise<CallToolResult> {
    if (this.#closed) throw new McpConnectionError(`MCP server "${this.entry.id}" is closed`);
    if (this.#crashed || !this.#client) await this.#restart(signal);
    const client = this.#client;
    if (!client) throw new McpConnectionError(`MCP server "${this.entry.id}" is not running`);
    // The SDK never removes the abort listener it adds to a request's signal: give it one per call,
    // linked to the turn's, so a long turn does not collect a listener per call.
    const local = new AbortController();
    const forward = () => local.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    try {
      const result = (await client.callTool({ name, arguments: args }, undefined, {
        signal: local.signal,
        timeout: this.#options.callTimeoutMs ?? 600_000,
        // The SDK sends a progressToken only when there is an onprogress; without one no server may
        // report progress, so the timeout never resets. The total keeps progress from holding a call open forever.
        resetTimeoutOnProgress: true,
        maxTotalTimeout: this.#options.callMaxTotalMs ?? 3_600_000,
        onprogress: (p) => {
          if (typeof p.progress !== 'number') return;
          onProgress?.({
            progress: p.progress,
            ...(typeof p.total === 'number' ? { total: p.total } : {}),
            ...(typeof p.message === 'string' ? { message: p.message.slice(0, 500) } : {}),
          });
        },
      })) as CallToolResult;
      this.#crashes = 0;
      return result;
    } catch (error) {
      if (this.#crashed && !signal.aborted) {
        throw new McpConnectionError(
          `MCP server "${this.entry.id}" exited during the call to ${name}; it is restarted on the next call`,
          { cause: error },
        );
      }
      throw error;
    } finally {
      signal.removeEventListener('abort', forward);
    }
  }

  async #restart(signal: AbortSignal): Promise<void> {
    const max = this.#options.maxRestarts ?? 5;
    if (this.#crashes >= max) {
      throw new McpConnectionError(
        `MCP server "${this.entry.id}" crashed ${this.#crashes} times in a row; it is not restarted again`,
      );
    }
    this.#crashes += 1;
    await this.#drop();
    await sleep((this.#options.restartDelayMs ?? 200) * 2 ** (this.#crashes - 1), signal);
    const before = this.#surface;
    const after = await this.start(signal);
    if (JSON.stringify(before) !== JSON.stringify(after)) this.#options.hooks.onSurfaceChanged?.(after);
  }

  async #drop(): Promise<void> {
    const transport = this.#transport;
    const client = this.#client;
    this.#client = undefined;
    this.#transport = undefined;
    if (client) client.onclose = undefined;
    if (transport) await closeTransport(transport).catch(() => {});
  }

  /** Ends the connection: HTTP session DELETE, or stdin closed and the process group reaped. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#starting?.catch(() => {});
    await this.#drop();
  }
}
