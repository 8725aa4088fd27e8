import type { DownloadOptions } from '../fetch/fetch-text.ts';
import { engineRequest, parseJsonBody, plainText } from './engine-request.ts';
import { RateLimiter } from './rate-limiter.ts';
import type { SearchEngine, SearchResult } from './search-engine.ts';

/** Exa's search API. */
export const EXA_ENDPOINT = 'https://api.exa.ai/search';

/** Options of {@link exaEngine}. */
export interface ExaOptions {
  /** The API key; the engine never reads the environment. */
  readonly apiKey: string;
  /** Default {@link EXA_ENDPOINT}. */
  readonly endpoint?: string;
  /** Default: 200 ms between calls, 60 s cooldown after a 429. */
  readonly limiter?: RateLimiter;
  readonly http?: DownloadOptions;
}

interface ExaResponse {
  readonly results?: ReadonlyArray<{
    title?: string | null;
    url?: string;
    highlights?: string[];
    text?: string;
  }>;
}

/**
 * Exa (`POST /search`, `type: "auto"`, highlights as snippets). Privacy:
 * Exa's terms let it use queries to train its models.
 */
export function exaEngine(options: ExaOptions): SearchEngine {
  const endpoint = options.endpoint ?? EXA_ENDPOINT;
  const limiter = options.limiter ?? new RateLimiter({ minIntervalMs: 200, cooldownMs: 60_000 });
  return {
    name: 'Exa',
    search: (query, { signal, maxResults }) =>
      limiter.run(async () => {
        const response = await engineRequest('Exa', endpoint, {
          ...options.http,
          method: 'POST',
          body: JSON.stringify({
            query,
            type: 'auto',
            numResults: maxResults,
            contents: { highlights: true },
          }),
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            'x-api-key': options.apiKey,
          },
          signal,
        });
        const data = parseJsonBody('Exa', response) as ExaResponse;
        const results: SearchResult[] = (data.results ?? [])
          .filter((r) => typeof r.url === 'string' && r.url !== '')
          .map((r) => ({
            title: plainText(r.title ?? '') || (r.url as string),
            url: r.url as string,
            snippet: plainText((r.highlights ?? []).join(' … ') || (r.text ?? '').slice(0, 300)),
          }));
        return results.slice(0, maxResults);
      }),
  };
}
