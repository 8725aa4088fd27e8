/**
 * `@kodama/tools/fetch`: the fetch tool and the HTTP client under it
 * (redirects, timeouts, the download cap). Loads no HTML or PDF library.
 */

export { assertOk, type HttpRequestOptions, type HttpResponse, httpRequest } from '../http/http-request.ts';
export { type DownloadedText, type DownloadOptions, fetchText } from './fetch-text.ts';
export { FETCH_DEFAULT_MAX_CHARS, type FetchToolOptions, fetchTool } from './fetch-tool.ts';
