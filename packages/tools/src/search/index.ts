/**
 * `@kodama/tools/search`: the web_search tool, its engines (DuckDuckGo, Brave,
 * Exa) behind one interface, the cascade that falls through them and their
 * rate limiters.
 */
export { type BraveOptions, braveEngine } from './brave.ts';
export { type CascadeResult, searchCascade } from './cascade.ts';
export { type DuckDuckGoOptions, duckDuckGoEngine } from './duckduckgo.ts';
export { type ExaOptions, exaEngine } from './exa.ts';
export { RateLimiter, type RateLimiterOptions } from './rate-limiter.ts';
export { renderResults } from './render-results.ts';
export {
  EngineUnavailableError,
  type SearchEngine,
  type SearchOptions,
  type SearchResult,
} from './search-engine.ts';
export {
  DEFAULT_MAX_RESULTS,
  defaultSearchEngines,
  type SearchEndpoints,
  type WebSearchToolOptions,
  webSearchTool,
} from './web-search-tool.ts';
