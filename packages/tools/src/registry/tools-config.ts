import type { SearchEndpoints } from '../search/web-search-tool.ts';

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
