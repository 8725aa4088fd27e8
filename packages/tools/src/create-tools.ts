import type { AnyTool } from '@kodama/core';
import { type CachedToolName, NULL_URL_CACHE, type UrlCache, urlCacheFor } from './cache/url-cache.ts';
import { calculatorTool } from './calculator/calculator-tool.ts';
import type { DownloadOptions } from './fetch/fetch-text.ts';
import { fetchTool } from './fetch/fetch-tool.ts';
import { webScrapeTool } from './scrape/web-scrape-tool.ts';
import { type SearchEndpoints, webSearchTool } from './search/web-search-tool.ts';

/** The tools this package provides, by the names the model sees. */
export const TOOL_NAMES = ['calculator', 'fetch', 'web_scrape', 'web_search'] as const;

/** One of {@link TOOL_NAMES}. */
export type ToolName = (typeof TOOL_NAMES)[number];

/**
 * The `tools` section of kodama's configuration file, as the CLI parses it.
 * Every field is optional; keys are never read from the environment.
 */
export interface ToolsConfig {
  /** Keys and limits for web_search. Without keys, only DuckDuckGo is used. */
  readonly webSearch?: {
    readonly braveApiKey?: string;
    readonly exaApiKey?: string;
    /** Results per search; default 10. */
    readonly maxResults?: number;
    /** Engine URLs replacing the public ones (a proxy, or local fakes in tests). */
    readonly endpoints?: SearchEndpoints;
  };
  /**
   * Root of the URL cache (one subdirectory per tool). Default
   * `$XDG_CACHE_HOME/kodama/url_cache` or `~/.cache/kodama/url_cache`;
   * `null` turns caching off.
   */
  readonly cacheDir?: string | null;
  /** Freshness of cached answers in ms; default 2 hours. */
  readonly cacheTtlMs?: number;
  /** HTTP timeouts in ms for fetch, web_scrape and web_search; defaults 10,000 and 20,000. */
  readonly http?: { readonly connectTimeoutMs?: number; readonly readTimeoutMs?: number };
}

const MARKER = Symbol.for('kodama.tools.UnknownToolError');

/** A requested tool name this package does not provide (a user's typo in `--tools`). */
export class UnknownToolError extends Error {
  protected readonly [MARKER] = true;

  constructor(readonly unknownNames: readonly string[]) {
    super(
      `unknown tool${unknownNames.length > 1 ? 's' : ''} ${unknownNames.join(', ')}; available: ${TOOL_NAMES.join(', ')}`,
    );
    this.name = 'UnknownToolError';
  }

  /** True for any UnknownToolError, also from a duplicate install. */
  static isInstance(value: unknown): value is UnknownToolError {
    return typeof value === 'object' && value !== null && MARKER in value;
  }
}

function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

function buildTool(name: ToolName, config: ToolsConfig): AnyTool {
  const cache = (tool: CachedToolName): UrlCache =>
    config.cacheDir === null
      ? NULL_URL_CACHE
      : urlCacheFor(tool, { root: config.cacheDir, ttlMs: config.cacheTtlMs });
  const http: DownloadOptions = { ...config.http };
  switch (name) {
    case 'calculator':
      return calculatorTool();
    case 'fetch':
      return fetchTool({ cache: cache('fetch'), http });
    case 'web_scrape':
      return webScrapeTool({ cache: cache('web_scrape'), http });
    case 'web_search':
      return webSearchTool({ ...config.webSearch, cache: cache('web_search'), http });
  }
}

/**
 * Builds the named tools, in the order given (duplicates dropped), from the
 * parsed configuration. Build once per process: web_search's engines own the
 * rate limiters that keep providers from blocking you.
 *
 * @throws UnknownToolError when a name is not one of {@link TOOL_NAMES}.
 */
export function toolsByName(names: readonly string[], config: ToolsConfig = {}): AnyTool[] {
  const unknown = names.filter((name) => !isToolName(name));
  if (unknown.length > 0) throw new UnknownToolError(unknown);
  return [...new Set(names as readonly ToolName[])].map((name) => buildTool(name, config));
}

/** Every tool of this package, keyed by name; see {@link toolsByName}. */
export function createTools(config: ToolsConfig = {}): Record<ToolName, AnyTool> {
  const [calculator, fetch, webScrape, webSearch] = toolsByName(TOOL_NAMES, config) as [
    AnyTool,
    AnyTool,
    AnyTool,
    AnyTool,
  ];
  return { calculator, fetch, web_scrape: webScrape, web_search: webSearch };
}
