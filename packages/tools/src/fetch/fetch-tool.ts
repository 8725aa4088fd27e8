import { type AnyTool, ASSUMED, defineTool, params } from '@kodama/core';
import { NULL_URL_CACHE, type UrlCache } from '../cache/url-cache.ts';
import { FetchError } from '../http/fetch-error.ts';
import { resolveMaxChars, truncateChars } from '../text/truncate-chars.ts';
import { type DownloadedText, type DownloadOptions, fetchText } from './fetch-text.ts';

/** Default `max_chars` of fetch: responses are bimodal (small JSON, huge dumps), so start small. */
export const FETCH_DEFAULT_MAX_CHARS = 5_000;

const DESCRIPTION = `Downloads the given URL and returns its body verbatim.

Usage:
- Use for raw textual payloads: JSON APIs, CSV files, robots.txt, sitemaps, source files — anywhere a rendering pass would corrupt the data.
- For rendered HTML pages, use web_scrape — it extracts readable content; fetch returns the raw HTML bytes unchanged.
- Accepts text/* and common textual application/* types (JSON, XML, JS, XHTML, RSS, Atom). Refuses PDFs, images, and other binaries.`;

/** Options of {@link fetchTool}. */
export interface FetchToolOptions {
  /** Where downloaded bodies are kept (default: none). The CLI passes `urlCacheFor('fetch')`. */
  readonly cache?: UrlCache;
  /** HTTP knobs: timeouts, redirects, body size. */
  readonly http?: DownloadOptions;
}

/**
 * The `fetch` tool: downloads a URL and returns the body verbatim, cut at
 * `max_chars` (default 5,000, at most 100,000) with a marker giving the full
 * length, or saying the download was cut at the body cap (20 MB). Trifecta legs ASSUMED: the model picks the host and the host writes the answer.
 */
export function fetchTool(options: FetchToolOptions = {}): AnyTool {
  const cache = options.cache ?? NULL_URL_CACHE;
  return defineTool({
    name: 'fetch',
    description: DESCRIPTION,
    parameters: params()
      .requiredString(
        'url',
        'Absolute URL to download, including the scheme, e.g. "https://example.com/data.json".',
      )
      .optionalInteger(
        'max_chars',
        'Maximum number of characters of the body to return. Defaults to 5000; hard-capped at 100000. When the body is longer than this, output is cut and a marker reports the full length.',
      ),
    effects: { kinds: ['reachesNetwork'], of: ({ url }) => [{ kind: 'reachesNetwork', url }] },
    async execute({ url, max_chars }, context) {
      const maxChars = resolveMaxChars(max_chars, FETCH_DEFAULT_MAX_CHARS);
      if (typeof maxChars === 'string') return maxChars;
      const cached = await cache.get(url);
      if (cached !== undefined) return truncateChars(cached, maxChars);
      let downloaded: DownloadedText;
      try {
        downloaded = await fetchText(url, { ...options.http, signal: context.signal });
      } catch (error) {
        if (FetchError.isInstance(error)) return `Error: ${error.message}`;
        throw error;
      }
      // A cut body is not cached: the cache keeps text only, and would lose the "cut" note.
      if (downloaded.cutAtBytes === undefined) await cache.set(url, downloaded.text);
      return truncateChars(downloaded.text, maxChars, downloaded.cutAtBytes);
    },
    trifectaLegs: ASSUMED,
  });
}
