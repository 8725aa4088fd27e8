import type { AnyTool, Extension, ExtensionContext } from '@kodama/core';
import { NONE } from '@kodama/core';
import type { TrifectaContribution } from '@kodama/core/extensions';
import { modelCapabilities } from '@kodama/core/model';
import { combineLegs } from '@kodama/core/trifecta';
import { type LoadOutcome, ToolCatalog } from './catalog.ts';
import { includeExtension } from './include.ts';
import { loadedInHistory } from './loaded-in-history.ts';
import { definitionTokens } from './measure.ts';
import { MAX_LIMIT, searchTool, TOOL_SEARCH } from './search-tool.ts';

/** Options of {@link toolSearch}. */
export interface ToolSearchOptions {
  /**
   * Defer once the tool definitions pass this share of the model's context
   * window (0 < threshold ≤ 1); default 0.1.
   */
  readonly threshold?: number;
  /** `'always'` defers whatever the threshold says; default `'auto'`. */
  readonly defer?: 'auto' | 'always';
  /** Tools never deferred (besides {@link CONTROL_TOOLS} and `tool_search`). */
  readonly always?: readonly string[];
  /**
   * The context window to measure against, in tokens; default the model's
   * declared `capabilities.contextWindow`, else {@link ASSUMED_CONTEXT_WINDOW}.
   */
  readonly contextWindow?: number;
  /** How many tools one search loads by default (1-20); default 5. */
  readonly limit?: number;
}

/** The window assumed when neither the options nor the model's capabilities say (a common size today). */
export const ASSUMED_CONTEXT_WINDOW = 128_000;

/**
 * Tools that steer the agent and are never deferred: sub-agents, code mode's
 * controls, the artifact reader, MCP's connector and the skill loader (the
 * system prompt names the last two).
 */
export const CONTROL_TOOLS: readonly string[] = Object.freeze([
  'agent',
  'exec',
  'wait',
  'stop',
  'artifact_read',
  'mcp_connect',
  'skill',
]);

/** What tool search measured when the agent was built. */
export interface ToolSearchStats {
  /** Estimated tokens of every tool definition the agent had. */
  readonly before: number;
  /** Estimated tokens of what the first request carries (the kept tools and `tool_search`). */
  readonly after: number;
  /** The window measured against. */
  readonly contextWindow: number;
}

/** The tool-search extension, with what it holds. */
export interface ToolSearch extends Extension {
  /**
   * `extension` as it is, except that tools it adds after the agent is built
   * (an MCP server connecting mid-conversation) are deferred too while tool
   * search is on. Add the returned value to the agent, not the original.
   */
  include<E extends Extension>(extension: E): E;
  /** Whether tools are deferred (known once the agent is built). */
  readonly active: boolean;
  /** Deferred tools not loaded yet. */
  readonly deferred: readonly string[];
  /** Deferred tools this conversation has loaded, in load order. */
  readonly loaded: readonly string[];
  /** The measurement at build time; `undefined` before. */
  readonly stats: ToolSearchStats | undefined;
}

function checked(options: ToolSearchOptions): Required<Omit<ToolSearchOptions, 'contextWindow' | 'always'>> {
  const threshold = options.threshold ?? 0.1;
  if (!(threshold > 0 && threshold <= 1))
    throw new TypeError(`toolSearch: threshold must be in (0, 1], got ${threshold}`);
  const limit = options.limit ?? 5;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new TypeError(`toolSearch: limit must be an integer from 1 to ${MAX_LIMIT}, got ${limit}`);
  const defer = options.defer ?? 'auto';
  if (defer !== 'auto' && defer !== 'always')
    throw new TypeError(`toolSearch: defer must be 'auto' or 'always'`);
  if (options.contextWindow !== undefined && !(options.contextWindow > 0))
    throw new TypeError(`toolSearch: contextWindow must be positive, got ${options.contextWindow}`);
  return { threshold, limit, defer };
}

/**
 * Tool search: once the agent's tool definitions pass `threshold` of the
 * context window (or always, with `defer: 'always'`), every tool but the
 * control tools and `always` leaves the request; the model gets
 * `tool_search {query, limit?}`, whose description (fixed when the agent is
 * built) lists the deferred names. A search appends the matching
 * definitions to the next request (`addTool` appends), so the earlier tools
 * and the system prompt stay byte-identical and provider prompt caches hold.
 *
 * Decided when the agent is built, over the tools it has then; add it after
 * the extensions whose tools it should see, and before `codeMode` (give code
 * mode `except: ['tool_search']`). Tools that an extension adds later are
 * deferred when that extension is added through {@link ToolSearch.include}.
 *
 * @throws TypeError on a bad option.
 */
export function toolSearch(options: ToolSearchOptions = {}): ToolSearch {
  const { threshold, limit, defer } = checked(options);
  const kept = new Set([...(options.always ?? []), ...CONTROL_TOOLS, TOOL_SEARCH]);
  const catalog = new ToolCatalog();
  let context: ExtensionContext | undefined;
  let active = false;
  let stats: ToolSearchStats | undefined;
  let announce: string[] = [];

  // The context an included extension added a tool through: loading goes back
  // through it, so a host's wrapper around that extension still applies.
  const origins = new Map<string, ExtensionContext>();
  const load = (ctx: ExtensionContext, tool: AnyTool) => {
    if (catalog.markLoaded(tool.name)) (origins.get(tool.name) ?? ctx).addTool(tool);
  };
  const search = (query: string, n: number): LoadOutcome => {
    const ctx = context;
    if (!ctx) throw new Error('toolSearch: the agent is not built yet');
    const found = catalog.find(query, n, (name) => ctx.agent.tools.some((t) => t.name === name));
    for (const tool of found.toLoad) load(ctx, tool);
    return found;
  };
  // Tools an included extension adds once the agent runs: deferred, and told
  // to the model in one note per batch (the search tool's description stays as it was).
  const announceLater = (ctx: ExtensionContext, name: string) => {
    announce.push(name);
    if (announce.length > 1) return;
    queueMicrotask(() => {
      const names = announce;
      announce = [];
      ctx.interject(
        `[tool search] ${names.length} new tool${names.length === 1 ? ' is' : 's are'} deferred; load with tool_search: ${names.join(', ')}`,
      );
    });
  };

  const extension: ToolSearch = {
    name: 'tool-search',
    get active() {
      return active;
    },
    get deferred() {
      return catalog.pending;
    },
    get loaded() {
      return catalog.loaded;
    },
    get stats() {
      return stats;
    },
    include(inner) {
      return includeExtension(inner, {
        add(tool, ctx) {
          if (!context || !active || kept.has(tool.name)) return ctx.addTool(tool);
          if (ctx.agent.tools.some((t) => t.name === tool.name))
            throw new TypeError(`duplicate tool name "${tool.name}"`);
          origins.set(tool.name, ctx);
          if (catalog.add(tool)) load(ctx, tool);
          else announceLater(ctx, tool.name);
        },
        remove(name, ctx) {
          if (!catalog.has(name)) return ctx.removeTool(name);
          origins.delete(name);
          if (catalog.delete(name)) ctx.removeTool(name);
          return true;
        },
      });
    },
    bind(ctx) {
      context = ctx;
      const tools = ctx.agent.tools;
      const window =
        options.contextWindow ?? modelCapabilities(ctx.agent.model).contextWindow ?? ASSUMED_CONTEXT_WINDOW;
      const before = definitionTokens(tools);
      const movable = tools.filter((t) => !kept.has(t.name));
      active = movable.length > 0 && (defer === 'always' || before > threshold * window);
      if (active) {
        for (const tool of movable) {
          catalog.add(tool);
          ctx.removeTool(tool.name);
        }
        ctx.addTool(searchTool(catalog.pending, limit, search));
      }
      stats = { before, after: definitionTokens(ctx.agent.tools), contextWindow: window };
    },
    onConversationReset(ctx) {
      // A new conversation starts from the built prefix: the loaded tools go (they are last).
      for (const name of catalog.reset()) ctx.removeTool(name);
    },
    onHistoryLoaded(ctx, messages) {
      if (!active) return;
      for (const name of loadedInHistory(messages)) {
        if (catalog.has(name)) {
          const tool = catalog.tools.find((t) => t.name === name);
          if (tool) load(ctx, tool);
        } else catalog.remember(name);
      }
    },
    trifectaContribution(): TrifectaContribution {
      // Deferred tools are reachable (one search away): the map counts them from the start.
      let legs = NONE;
      for (const tool of catalog.tools) legs = combineLegs(legs, tool.trifectaLegs);
      return catalog.tools.length > 0 ? { legs: { 'extension:tool-search': legs } } : {};
    },
  };
  return extension;
}
