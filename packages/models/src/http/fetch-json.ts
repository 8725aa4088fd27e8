import { toAbortError } from '../retry/abort-error.ts';
import { ProviderHttpError } from '../retry/provider-http-error.ts';

/** A `fetch` implementation (the global one by default); injectable for proxies and tests. */
export type FetchFunction = typeof globalThis.fetch;

/** Options of {@link fetchJson}. */
export interface FetchJsonOptions {
  readonly method?: 'GET' | 'POST';
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: FetchFunction;
  readonly signal?: AbortSignal;
  /** Gives up after this many ms (a probe of a local server should be short). */
  readonly timeoutMs?: number;
}

/**
 * One small JSON request: resolves with the parsed body of a 2xx answer,
 * rejects with `ProviderHttpError` for any other status, with the fetch error
 * when the server cannot be reached (a `TimeoutError` after `timeoutMs`), and
 * with an AbortError when `signal` aborts.
 */
export async function fetchJson(url: string, options: FetchJsonOptions = {}): Promise<unknown> {
  const signals: AbortSignal[] = [];
  if (options.signal) signals.push(options.signal);
  if (options.timeoutMs !== undefined) signals.push(AbortSignal.timeout(options.timeoutMs));
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const doFetch = options.fetch ?? globalThis.fetch;
  try {
    const response = await doFetch(url, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    const text = await response.text();
    if (!response.ok) throw new ProviderHttpError(response.status, response.headers, text);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch (error) {
    if (options.signal?.aborted) throw toAbortError(options.signal);
    throw error;
  }
}
