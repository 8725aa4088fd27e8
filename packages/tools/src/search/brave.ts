import type { DownloadOptions } from '../fetch/fetch-text.ts';
import { engineRequest, parseJsonBody, plainText } from './engine-request.ts';
import { RateLimiter } from './rate-limiter.ts';
import type { SearchEngine, SearchResult } from './search-engine.ts';

/** Brave Search's web search API. */
export const BRAVE_ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';

/** Options of {@link braveEngine}. */
export interface BraveOptions {
  /** The subscription token; the engine never reads the environment. */
  readonly apiKey: string;
  /** Default {@link BRAVE_ENDPOINT}. */
  readonly endpoint?: string;
  /** Default: 1 s between calls (the free plan's rate), 60 s cooldown after a 429. */
  readonly limiter?: RateLimiter;
  readonly http?: DownloadOptions;
}

interface BraveResponse {
  readonly web?: { readonly results?: ReadonlyArray<{ title?: string; url?: string; description?: string }> };
}

/** Brave Search API (`X-Subscription-Token`). Privacy: queries go to Brave under your key. */
export function braveEngine(options: BraveOptions): SearchEngine {
  const endpoint = options.endpoint ?? BRAVE_ENDPOINT;
  const limiter = options.limiter ?? new RateLimiter({ minIntervalMs: 1_000, cooldownMs: 60_000 });
  return {
    name: 'Brave',
    search: (query, { signal, maxResults }) =>
      limiter.run(async () => {
        const url = new URL(endpoint);
        url.searchParams.set('q', query);
        url.searchParams.set('count', String(Math.min(maxResults, 20)));
        const response = await engineRequest('Brave', url.toString(), {
          ...options.http,
          headers: { Accept: 'application/json', 'X-Subscription-Token': options.apiKey },
          signal,
        });
        const data = parseJsonBody('Brave', response) as BraveResponse;
        const results: SearchResult[] = (data.web?.results ?? [])
          .filter((r) => typeof r.url === 'string' && r.url !== '')
          .map((r) => ({
            title: plainText(r.title ?? ''),
            url: r.url as string,
            snippet: plainText(r.description ?? ''),
          }));
        return results.slice(0, maxResults);
      }),
  };
}
