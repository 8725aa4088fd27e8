import { type AnyTool, ASSUMED, defineTool, params } from '@kodama/core';
import { NULL_URL_CACHE, type UrlCache } from '../cache/url-cache.ts';
import type { DownloadOptions } from '../fetch/fetch-text.ts';
import { FetchError } from '../http/fetch-error.ts';
import { resolveMaxChars, truncateChars } from '../text/truncate-chars.ts';
import { scrapeUrl } from './scrape-url.ts';

/** Default `max_chars` of web_scrape: most article bodies fit on the first call. */
export const WEB_SCRAPE_DEFAULT_MAX_CHARS = 20_000;

const DESCRIPTION = `Scrapes the rendered webpage or text file at the given URL and returns its main content as Markdown.

Usage:
- Use for HTML pages where you want readable content — readability extraction strips nav, sidebars, and boilerplate.
- For raw textual payloads (JSON, CSV, robots.txt, source files), use fetch instead — it returns bytes verbatim, while web_scrape would corrupt them with a Markdown pass.
- A Single Page App may return very little or no content. Do NOT retry with a larger max_chars; try a different URL instead.`;

/** Options of {@link webScrapeTool}. */
export interface WebScrapeToolOptions {
  /** Where extracted Markdown is kept (default: none). The CLI passes `urlCacheFor('web_scrape')`. */
  readonly cache?: UrlCache;
  /** HTTP knobs: timeouts, redirects, body size. */
  readonly http?: DownloadOptions;
}

/**
 * The `web_scrape` tool: a page's main content as Markdown (JSON-LD section
 * first when present), PDFs as paged text, plain text as is; cut at
 * `max_chars` (default 20,000, clamped to 100,000) with a marker giving the
 * full length, or saying the download was cut at the body cap (20 MB).
 * Trifecta legs ASSUMED.
 */
export function webScrapeTool(options: WebScrapeToolOptions = {}): AnyTool {
  const cache = options.cache ?? NULL_URL_CACHE;
  return defineTool({
    name: 'web_scrape',
    description: DESCRIPTION,
    parameters: params()
      .requiredString(
        'url',
        'Absolute URL of the webpage to scrape, including the scheme, e.g. "https://example.com/article".',
      )
      .optionalInteger(
        'max_chars',
        'Maximum number of characters of Markdown to return. Defaults to 20000; hard-capped at 100000. When the page is longer than this, output is cut and a marker reports the full length.',
      ),
    effects: { kinds: ['reachesNetwork'], of: ({ url }) => [{ kind: 'reachesNetwork', url }] },
    async execute({ url, max_chars }, context) {
      const maxChars = resolveMaxChars(max_chars, WEB_SCRAPE_DEFAULT_MAX_CHARS);
      if (typeof maxChars === 'string') return maxChars;
      let content = await cache.get(url);
      let cutAtBytes: number | undefined;
      if (content === undefined) {
        try {
          ({ text: content, cutAtBytes } = await scrapeUrl(url, { ...options.http, signal: context.signal }));
        } catch (error) {
          if (FetchError.isInstance(error)) return `Error: ${error.message}`;
          throw error;
        }
        // A cut page is not cached: the cache keeps text only, and would lose the "cut" note.
        if (cutAtBytes === undefined) await cache.set(url, content);
      }
      if (content.trim() === '') {
        return 'The page has no readable content (it may be a Single Page App that needs JavaScript, or a scanned PDF). Try a different URL.';
      }
      return truncateChars(content, maxChars, cutAtBytes);
    },
    trifectaLegs: ASSUMED,
  });
}
