import { isAbsolute } from 'node:path';
import type { AnyTool, Extension, ExtensionContext, Model } from '@kodama/core';
import {
  type Configurator,
  defineExtensionKey,
  type ExtensionKey,
  type TrifectaContribution,
} from '@kodama/core/extensions';
import { McpConnectionError } from '../client/mcp-connection-error.ts';
import { type ConnectionOptions, McpServerConnection } from '../client/server-connection.ts';
import { McpConfigError } from '../config/mcp-config-error.ts';
import type { McpRegistry } from '../config/registry.ts';
import type { McpServerEntry } from '../config/server-entry.ts';
import { entryKey } from '../screening/entry-key.ts';
import { defaultScreenCacheDir, ScreenCache } from '../screening/screen-cache.ts';
import { Screener } from '../screening/screener.ts';
import { type ServerSurface, surfaceHash } from '../screening/surface.ts';
import { mcpTool, prefixedToolName } from '../tools/mcp-tool.ts';
import { availableMcpsBlock } from './available-mcps.ts';
import { connectTool } from './connect-tool.ts';
import { MCP_CONNECT_FAILED, MCP_CONNECTED, MCP_REFUSED } from './mcp-events.ts';
import { assumedLegsNotice, CONNECT_TOOL_LEGS, serverLegs } from './server-legs.ts';

/** Options of {@link McpExtension}. */
export interface McpExtensionOptions {
  /** The servers the agent may connect to. */
  readonly registry: McpRegistry;
  /** False turns the LLM screening pass off (`--no-mcp-screen`); the Unicode pass always runs. Default true. */
  readonly llmScreening?: boolean;
  /** The model of the LLM pass and of written descriptions; default the agent's current model. */
  readonly screeningModel?: Model;
  /** Where screening passes are cached; default `$XDG_CACHE_HOME/kodama/mcp`; `null`: no cache. */
  readonly cacheDir?: string | null;
  /** Where a stdio server's allowlisted variables and the cache location come from; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Servers to connect before the first model request (`--mcp-connect`); a failure fails that turn. */
  readonly connectAtStart?: readonly string[];
  /**
   * The workspace roots (absolute directories) every server is told of
   * through the `roots` capability (`roots/list`); the CLI passes the
   * workspace root. Absent: no roots are declared.
   */
  readonly roots?: readonly string[];
  /** Restart backoff and limits of the connections. */
  readonly connection?: Pick<
    ConnectionOptions,
    'restartDelayMs' | 'maxRestarts' | 'callTimeoutMs' | 'callMaxTotalMs'
  >;
  /**
   * Asked before a server the model names in `mcp_connect` is started (the
   * host asks the person, as for a shell command, for servers a project file
   * defines). Resolve false to refuse: nothing starts and the model is told.
   * Absent: every configured server may start. `connectAtStart` ids are the
   * user's own choice and are not asked about.
   */
  readonly confirmConnect?: (entry: McpServerEntry, signal: AbortSignal) => boolean | Promise<boolean>;
  /**
   * How many different tool lists one server may show in a session (its
   * first included) before kodama refuses it: each new list is screened
   * (an LLM pass), so a server that keeps changing its tools cannot make
   * kodama screen without end. Default 16.
   */
  readonly maxToolLists?: number;
  /**
   * Told once per server that declares no `trifectaLegs`, when it connects:
   * what kodama assumes of it and how to declare its legs.
   */
  readonly notice?: (text: string) => void;
}

/** What a successful connection added. */
export interface McpConnectResult {
  readonly id: string;
  readonly description: string;
  /** The kodama names of the tools added (`<id>__<tool>`). */
  readonly tools: readonly string[];
  /** Server tools left out (a name or schema kodama cannot use), with the reason. */
  readonly skipped: readonly string[];
}

/**
 * MCP servers as an extension: an `<available_mcps>` block, the
 * `mcp_connect(id)` tool, and for each connected server its screened tools
 * (`<id>__<tool>`) added to the agent's tool table for the next model
 * request. Every configured server counts in the trifecta map from the start
 * (leg `mcp:<id>`), connected or not. Closing the agent closes every server.
 */
export class McpExtension implements Extension {
  /** Finds the extension on an agent: `findExtension(agent.extensions, McpExtension.key)`. */
  static readonly key: ExtensionKey<McpExtension> = defineExtensionKey('mcp');
  readonly name: string = McpExtension.key;
  readonly #options: McpExtensionOptions;
  readonly #cache: ScreenCache | undefined;
  readonly #connections = new Map<string, McpServerConnection>();
  readonly #toolNames = new Map<string, string[]>();
  readonly #noticed = new Set<string>();
  /** Screenings by surface digest (in flight or passed): one definition set is screened once per session. */
  readonly #screened = new Map<string, Promise<string>>();
  /** The digests each server has shown, to bound how many different lists it may make kodama screen. */
  readonly #listsSeen = new Map<string, Set<string>>();
  #context: ExtensionContext | undefined;
  #startDone = false;

  /** @throws McpConfigError for a `connectAtStart` id the registry does not hold, or a root that is not absolute. */
  constructor(options: McpExtensionOptions) {
    this.#options = options;
    const dir =
      options.cacheDir === undefined ? defaultScreenCacheDir(options.env ?? process.env) : options.cacheDir;
    this.#cache = dir === null ? undefined : new ScreenCache(dir);
    for (const root of options.roots ?? []) {
      if (!isAbsolute(root)) throw new McpConfigError(`an MCP root must be an absolute path, not "${root}"`);
    }
    for (const id of options.connectAtStart ?? []) {
      if (!options.registry.get(id)) throw new McpConfigError(this.#unknown(id).replace(/^Error: /, ''));
    }
  }

  /** The ids of the servers connected now. */
  get connected(): readonly string[] {
    return [...this.#connections.keys()];
  }

  configure(c: Configurator): void {
    if (this.#options.registry.isEmpty) return;
    c.addTool(connectTool(async (id, signal) => this.#connectForModel(id, signal), CONNECT_TOOL_LEGS));
    c.onClose(() => this.close());
  }

  bind(context: ExtensionContext): void {
    this.#context = context;
  }

  systemPromptSnippets(): readonly string[] {
    if (this.#options.registry.isEmpty) return [];
    return [
      availableMcpsBlock(
        this.#options.registry.entries.map((e) => ({ id: e.id, description: this.#knownDescription(e) })),
      ),
    ];
  }

  trifectaContribution(): TrifectaContribution {
    return {
      legs: Object.fromEntries(this.#options.registry.entries.map((e) => [`mcp:${e.id}`, serverLegs(e)])),
    };
  }

  async onUserMessage(): Promise<undefined> {
    if (this.#startDone) return undefined;
    this.#startDone = true;
    for (const id of this.#options.connectAtStart ?? []) {
      if (!this.#connections.has(id)) await this.connect(id);
    }
    return undefined;
  }

  /**
   * Connects `id`: starts it, lists and screens its tools, adds them.
   *
   * @throws InjectionDetectedError when screening refuses it; McpConnectionError
   *   when it cannot be reached or is already connected; McpConfigError for an unknown id.
   */
  async connect(id: string, signal?: AbortSignal): Promise<McpConnectResult> {
    const entry = this.#options.registry.get(id);
    if (!entry) throw new McpConfigError(this.#unknown(id).replace(/^Error: /, ''));
    if (this.#connections.has(id)) throw new McpConnectionError(`server "${id}" is already connected`);
    let description = '';
    const connection = new McpServerConnection(entry, {
      ...this.#options.connection,
      ...(this.#options.roots ? { roots: this.#options.roots } : {}),
      env: this.#options.env ?? process.env,
      hooks: {
        verify: async (surface, s) => {
          description = await this.#screenOnce(entry, surface, s);
        },
        onSurfaceChanged: (surface) => this.#install(connection, surface),
        onRefreshFailed: (error) => this.#refuse(id, error),
      },
    });
    this.#connections.set(id, connection);
    let surface: ServerSurface;
    try {
      surface = await connection.start(signal);
    } catch (error) {
      this.#connections.delete(id);
      hideExpanded(entry, error);
      this.#context?.emit(MCP_CONNECT_FAILED, {
        id,
        error: error instanceof Error ? error.message : hidden(entry, String(error)),
      });
      throw error;
    }
    if (this.#cache && !entry.description)
      await this.#cache.setLastDescription(entryKey(entry), description).catch(() => {});
    const { tools, skipped } = this.#install(connection, surface);
    this.#context?.emit(MCP_CONNECTED, { id, tools });
    if (!entry.trifectaLegs && this.#options.notice && !this.#noticed.has(id)) {
      this.#noticed.add(id);
      this.#options.notice(assumedLegsNotice(entry));
    }
    return { id, description, tools, skipped };
  }

  /**
   * True when a call the taint gate holds is held only by its own server's
   * results: `toolName` is a tool of a connected server that declares no
   * `trifectaLegs`, and every source is a tool of that same server. A host's
   * gate lets such a call run without asking: the server already holds what
   * it returned, and otherwise a server with assumed legs would be refused
   * from its second call on in headless use. Taint from anything else (a
   * web page, another server) still holds it.
   */
  selfTainted(toolName: string, sources: readonly string[]): boolean {
    for (const [id, names] of this.#toolNames) {
      if (!names.includes(toolName)) continue;
      if (this.#options.registry.get(id)?.trifectaLegs) return false;
      return sources.length > 0 && sources.every((s) => names.includes(s));
    }
    return false;
  }

  /** Closes every connected server (stdin closed and process groups reaped, HTTP sessions deleted). */
  async close(): Promise<void> {
    const all = [...this.#connections.values()];
    this.#connections.clear();
    await Promise.all(all.map((c) => c.close()));
  }

  async #connectForModel(id: string, signal: AbortSignal): Promise<string> {
    if (!this.#options.registry.get(id)) return this.#unknown(id);
    if (this.#connections.has(id))
      return `Error: server "${id}" is already connected; do not retry, use its tools`;
    const entry = this.#options.registry.get(id);
    const confirm = this.#options.confirmConnect;
    if (entry && confirm && !(await confirm(entry, signal))) {
      if (signal.aborted) throw signal.reason;
      return `Error: MCP server "${id}" was not started: starting it needs the user's approval, and it was not given. Do not retry; finish the task without it or ask the user.`;
    }
    try {
      const r = await this.connect(id, signal);
      const skipped = r.skipped.length > 0 ? `\nNot available: ${r.skipped.join('; ')}` : '';
      return `Connected to MCP server "${id}": ${r.description}\nTools you can call from your next step: ${r.tools.join(', ') || 'none'}${skipped}`;
    } catch (error) {
      if (signal.aborted) throw error;
      const entry = this.#options.registry.get(id);
      const text = error instanceof Error ? error.message : String(error);
      return `Error: ${entry ? hidden(entry, text) : text}. The server is not connected; do not retry.`;
    }
  }

  #unknown(id: string): string {
    return `Error: unknown MCP server id "${id}". Known: ${this.#options.registry.ids.join(', ')}`;
  }

  /** Screens `surface` unless a screening of the same definitions passed or is running; bounded per server. */
  async #screenOnce(entry: McpServerEntry, surface: ServerSurface, signal?: AbortSignal): Promise<string> {
    const hash = surfaceHash(surface);
    let screening = this.#screened.get(hash);
    if (!screening) {
      const seen = this.#listsSeen.get(entry.id) ?? new Set<string>();
      this.#listsSeen.set(entry.id, seen);
      const max = this.#options.maxToolLists ?? 16;
      if (!seen.has(hash) && seen.size >= max) {
        throw new McpConnectionError(
          `MCP server "${entry.id}" changed its tool list more than ${max} times in this session; it is not screened again`,
        );
      }
      seen.add(hash);
      screening = this.#screener()
        .screen(surface, entry.description, signal)
        .then((r) => r.description);
      this.#screened.set(hash, screening);
      // Only passes are kept: a refusal or a cancelled screening is screened again next time.
      screening.catch(() => this.#screened.delete(hash));
    }
    return await screening;
  }

  #screener(): Screener {
    const model = this.#options.screeningModel ?? this.#context?.agent.model;
    return new Screener({
      ...(model ? { model } : {}),
      llmCheck: this.#options.llmScreening ?? true,
      ...(this.#cache ? { cache: this.#cache } : {}),
    });
  }

  #knownDescription(entry: McpServerEntry): string {
    return (
      entry.description ??
      this.#cache?.lastDescription(entryKey(entry)) ??
      (entry.transport === 'http' ? `MCP server at ${entry.url}` : `MCP server (${entry.command})`)
    );
  }

  /** Replaces the server's tools in the agent's table with those of `surface`. */
  #install(connection: McpServerConnection, surface: ServerSurface): { tools: string[]; skipped: string[] } {
    const id = connection.entry.id;
    this.#withdraw(id);
    const tools: AnyTool[] = [];
    const skipped: string[] = [];
    const taken = new Set(this.#context?.agent.tools.map((t) => t.name));
    for (const t of surface.tools) {
      const name = prefixedToolName(id, t.name);
      if (!name || taken.has(name)) {
        skipped.push(`${t.name} (its name cannot be used as ${id}__${t.name})`);
        continue;
      }
      try {
        tools.push(mcpTool(connection, t, name, serverLegs(connection.entry)));
        taken.add(name);
      } catch (error) {
        skipped.push(`${t.name} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    for (const tool of tools) this.#context?.addTool(tool);
    this.#toolNames.set(
      id,
      tools.map((t) => t.name),
    );
    return { tools: tools.map((t) => t.name), skipped };
  }

  #withdraw(id: string): void {
    for (const name of this.#toolNames.get(id) ?? []) this.#context?.removeTool(name);
    this.#toolNames.delete(id);
  }

  /** A refreshed tool list failed screening: its tools go, the server is closed and may be connected again later. */
  #refuse(id: string, error: unknown): void {
    this.#withdraw(id);
    const connection = this.#connections.get(id);
    this.#connections.delete(id);
    void connection?.close();
    this.#context?.emit(MCP_REFUSED, { id, error: error instanceof Error ? error.message : String(error) });
  }
}

/** `text` with every value `${VAR}` expansion put into `entry` replaced by `[hidden]`. */
function hidden(entry: McpServerEntry, text: string): string {
  let out = text;
  for (const value of entry.expanded ?? []) {
    if (value.length < 3) continue;
    out = out.split(value).join('[hidden]');
    const encoded = encodeURIComponent(value);
    if (encoded !== value) out = out.split(encoded).join('[hidden]');
  }
  return out;
}

/** Hides the expanded values in an error's message and stack, so whoever prints it cannot repeat them. */
function hideExpanded(entry: McpServerEntry, error: unknown): void {
  if (!(error instanceof Error) || !entry.expanded?.length) return;
  error.message = hidden(entry, error.message);
  if (error.stack) error.stack = hidden(entry, error.stack);
  if (error.cause instanceof Error) hideExpanded(entry, error.cause);
}
