import { ModelAuthError, ModelServerUnreachableError } from '../errors.ts';
import { type FetchFunction, fetchJson } from '../http/fetch-json.ts';
import { isAbortError } from '../retry/abort-error.ts';
import { ProviderHttpError } from '../retry/provider-http-error.ts';

/** Options of {@link listModels}. */
export interface ListModelsOptions {
  readonly apiKey?: string;
  readonly fetch?: FetchFunction;
  readonly signal?: AbortSignal;
  /** Default 5000 ms: a local server answers at once or is not there. */
  readonly timeoutMs?: number;
  /** Provider name for messages. */
  readonly provider: string;
  /** What the user can do about an unreachable server, e.g. `start llama-server or set LLAMACPP_BASE_URL`. */
  readonly unreachableHint: string;
  /** What fixes a 401/403. */
  readonly authHint: string;
}

/**
 * Model ids an OpenAI-compatible server lists at `GET <base>/models`, in its
 * order; `undefined` when the server has no such route (404/405). Doubles as a
 * reachability and credentials check: throws {@link ModelServerUnreachableError}
 * when nothing answers and {@link ModelAuthError} on 401/403.
 */
export async function listModels(baseURL: string, options: ListModelsOptions): Promise<string[] | undefined> {
  const url = `${baseURL}/models`;
  let body: unknown;
  try {
    body = await fetchJson(url, {
      fetch: options.fetch,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 5000,
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : undefined,
    });
  } catch (error) {
    if (options.signal?.aborted || isAbortError(error)) throw error;
    if (error instanceof ProviderHttpError) {
      if (error.status === 401 || error.status === 403) {
        throw new ModelAuthError(
          `${options.provider} at ${baseURL} refused the credentials (HTTP ${error.status}); ${options.authHint}`,
          { status: error.status, cause: error },
        );
      }
      if (error.status === 404 || error.status === 405) return undefined;
      throw new ModelServerUnreachableError(
        url,
        `${options.provider} at ${baseURL} answered HTTP ${error.status} to GET /models; ${options.unreachableHint}`,
        { cause: error },
      );
    }
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new ModelServerUnreachableError(
      url,
      `cannot reach ${options.provider} at ${baseURL} (${reason}); ${options.unreachableHint}`,
      { cause: error },
    );
  }
  const data =
    (body as { data?: unknown } | undefined)?.data ?? (body as { models?: unknown } | undefined)?.models;
  if (!Array.isArray(data)) return [];
  return data
    .map(
      (entry: unknown) =>
        (entry as { id?: unknown; name?: unknown })?.id ?? (entry as { name?: unknown })?.name,
    )
    .filter((id): id is string => typeof id === 'string' && id !== '');
}
