import { parseHTML } from 'linkedom';
import type { DownloadOptions } from '../fetch/fetch-text.ts';
import { engineRequest } from './engine-request.ts';
import { RateLimiter } from './rate-limiter.ts';
import { EngineUnavailableError, type SearchEngine, type SearchResult } from './search-engine.ts';

/** DuckDuckGo's JavaScript-free results page. */
export const DUCKDUCKGO_ENDPOINT = 'https://html.duckduckgo.com/html/';

/** Options of {@link duckDuckGoEngine}. */
export interface DuckDuckGoOptions {
  /** Default {@link DUCKDUCKGO_ENDPOINT}; tests point it at a local server. */
  readonly endpoint?: string;
  /** Default: 2 s between calls, 300 s cooldown after a block. */
  readonly limiter?: RateLimiter;
  readonly http?: DownloadOptions;
}

/** DuckDuckGo's limits: it blocks scrapers that go faster than about one query per 2 s. */
export function duckDuckGoLimiter(): RateLimiter {
  return new RateLimiter({ minIntervalMs: 2_000, cooldownMs: 300_000 });
}

/** Turns DuckDuckGo's redirect link (`//duckduckgo.com/l/?uddg=<target>`) into the target URL. */
export function unwrapDuckDuckGoLink(href: string): string {
  try {
    const url = new URL(href, 'https://duckduckgo.com/');
    const target = url.searchParams.get('uddg');
    if (url.hostname.endsWith('duckduckgo.com') && url.pathname === '/l/' && target) return target;
    return url.toString();
  } catch {
    return href;
  }
}

/** Reads the organic results of an html.duckduckgo.com page (ads skipped). */
export function parseDuckDuckGoResults(html: string): SearchResult[] {
  const { document } = parseHTML(html);
  const results: SearchResult[] = [];
  for (const block of Array.from(document.querySelectorAll('.result'))) {
    if (block.classList.contains('result--ad')) continue;
    const link = block.querySelector('a.result__a');
    const href = link?.getAttribute('href');
    if (!link || !href) continue;
    results.push({
      title: (link.textContent ?? '').replace(/\s+/g, ' ').trim(),
      url: unwrapDuckDuckGoLink(href),
      snippet: (block.querySelector('.result__snippet')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    });
  }
  return results;
}

/**
 * DuckDuckGo through its HTML endpoint: no key. Privacy: DuckDuckGo relays
 * queries to Bing. A 202/403 answer or the "anomaly" bot check counts as a block.
 */
export function duckDuckGoEngine(options: DuckDuckGoOptions = {}): SearchEngine {
  const endpoint = options.endpoint ?? DUCKDUCKGO_ENDPOINT;
  const limiter = options.limiter ?? duckDuckGoLimiter();
  return {
    name: 'DuckDuckGo',
    search: (query, { signal, maxResults }) =>
      limiter.run(async () => {
        const response = await engineRequest('DuckDuckGo', endpoint, {
          ...options.http,
          method: 'POST',
          body: new URLSearchParams({ q: query, b: '', kl: '' }).toString(),
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Referer: 'https://html.duckduckgo.com/',
          },
          signal,
          blockedStatuses: [202, 403],
        });
        const html = Buffer.from(response.body).toString('utf8');
        if (
          response.status === 202 ||
          html.includes('anomaly-modal') ||
          html.includes('bots use DuckDuckGo too')
        ) {
          throw new EngineUnavailableError('DuckDuckGo: blocked by its bot check', { blocked: true });
        }
        return parseDuckDuckGoResults(html).slice(0, maxResults);
      }),
  };
}
