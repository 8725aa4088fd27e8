/**
 * @kodama/tools: calculator, fetch, web_scrape and web_search, with the HTTP
 * client, extraction pipeline, search engines and URL cache behind them.
 */
export type { CachedToolName, DiskUrlCacheOptions, UrlCache } from './cache/url-cache.ts';
export {
  DEFAULT_CACHE_TTL_MS,
  DiskUrlCache,
  defaultUrlCacheRoot,
  NULL_URL_CACHE,
  urlCacheFor,
} from './cache/url-cache.ts';
export { calculate } from './calculator/calculate.ts';
export { calculatorTool } from './calculator/calculator-tool.ts';
export type { ToolName, ToolsConfig } from './create-tools.ts';
export { createTools, TOOL_NAMES, toolsByName, UnknownToolError } from './create-tools.ts';
export type { DownloadedText, DownloadOptions } from './fetch/fetch-text.ts';
export { fetchText } from './fetch/fetch-text.ts';
export type { FetchToolOptions } from './fetch/fetch-tool.ts';
export { FETCH_DEFAULT_MAX_CHARS, fetchTool } from './fetch/fetch-tool.ts';
export {
  ACCEPT,
  CONNECT_TIMEOUT_MS,
  MAX_BODY_BYTES,
  MAX_REDIRECTS,
  READ_TIMEOUT_MS,
  USER_AGENT,
} from './http/constants.ts';
export type { FetchErrorKind } from './http/fetch-error.ts';
export { FetchError } from './http/fetch-error.ts';
export type { HttpRequestOptions, HttpResponse } from './http/http-request.ts';
export { assertOk, httpRequest } from './http/http-request.ts';
export { extractHtml } from './scrape/extract-html.ts';
export { pdfToText } from './scrape/pdf-to-text.ts';
export { scrapeUrl } from './scrape/scrape-url.ts';
export type { WebScrapeToolOptions } from './scrape/web-scrape-tool.ts';
export { WEB_SCRAPE_DEFAULT_MAX_CHARS, webScrapeTool } from './scrape/web-scrape-tool.ts';
export type { BraveOptions } from './search/brave.ts';
export { BRAVE_ENDPOINT, braveEngine } from './search/brave.ts';
export type { CascadeResult } from './search/cascade.ts';
export { searchCascade } from './search/cascade.ts';
export type { DuckDuckGoOptions } from './search/duckduckgo.ts';
export { DUCKDUCKGO_ENDPOINT, duckDuckGoEngine, duckDuckGoLimiter } from './search/duckduckgo.ts';
export type { ExaOptions } from './search/exa.ts';
export { EXA_ENDPOINT, exaEngine } from './search/exa.ts';
export type { RateLimiterOptions } from './search/rate-limiter.ts';
export { RateLimiter } from './search/rate-limiter.ts';
export { renderResults } from './search/render-results.ts';
export type { SearchEngine, SearchOptions, SearchResult } from './search/search-engine.ts';
export { EngineUnavailableError } from './search/search-engine.ts';
export type { SearchEndpoints, WebSearchToolOptions } from './search/web-search-tool.ts';
export { DEFAULT_MAX_RESULTS, defaultSearchEngines, webSearchTool } from './search/web-search-tool.ts';
export { MAX_MAX_CHARS } from './text/truncate-chars.ts';
