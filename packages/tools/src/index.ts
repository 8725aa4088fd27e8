/**
 * @kodama/tools: calculator, fetch, web_scrape and web_search. This entry
 * holds the registry (tool name → lazy factory), the configuration, the URL
 * cache and the error the HTTP client throws; it loads none of the tools. Each
 * tool family has its own subpath: `@kodama/tools/calculator`, `/fetch`,
 * `/scrape`, `/search`. Every public name is listed here or in those entries.
 */
export {
  type CachedToolName,
  DEFAULT_CACHE_TTL_MS,
  DiskUrlCache,
  type DiskUrlCacheOptions,
  defaultUrlCacheRoot,
  NULL_URL_CACHE,
  type UrlCache,
  urlCacheFor,
} from './cache/url-cache.ts';
export { FetchError, type FetchErrorKind } from './http/fetch-error.ts';
export { TOOL_NAMES, TOOL_REGISTRY, type ToolFactory, type ToolName } from './registry/tool-registry.ts';
export { toolsByName } from './registry/tools-by-name.ts';
export type { ToolsConfig } from './registry/tools-config.ts';
export { MAX_MAX_CHARS } from './text/truncate-chars.ts';
