import { type HttpExchange, sendJson } from '../shared/http-exchange.ts';
import { hashEmbedding } from './hash-embedding.ts';

/** How the scripted OpenAI-compatible server answers `POST /v1/embeddings`. */
export interface EmbeddingsRouteOptions {
  /** Vector length (default 64). */
  readonly dimensions?: number;
  /**
   * HTTP statuses to answer the first embedding calls with, in order (e.g.
   * `[503]`: the first call fails, the next ones succeed), for retry tests.
   */
  readonly failures?: readonly number[];
}

/**
 * `POST /v1/embeddings` with {@link hashEmbedding} vectors, in the OpenAI
 * shape (`data[i].embedding`, `index`, `usage`). `input` may be a string or a
 * list of strings; anything else is a 400 naming the problem. Returns false
 * for any other route.
 */
export function embeddingsRoute(options: EmbeddingsRouteOptions = {}): (exchange: HttpExchange) => boolean {
  const failures = [...(options.failures ?? [])];
  const dimensions = options.dimensions ?? 64;
  return (exchange) => {
    const { request, url, res } = exchange;
    if (request.method !== 'POST' || url.pathname !== '/v1/embeddings') return false;
    const failure = failures.shift();
    if (failure !== undefined) {
      sendJson(res, failure, {
        error: { message: `testkit: scripted failure ${failure}`, type: 'server_error' },
      });
      return true;
    }
    const body = request.body as { model?: unknown; input?: unknown } | undefined;
    const input = typeof body?.input === 'string' ? [body.input] : body?.input;
    if (!Array.isArray(input) || !input.every((t) => typeof t === 'string')) {
      sendJson(res, 400, {
        error: { message: 'testkit: "input" must be a string or a list of strings', type: 'invalid_request' },
      });
      return true;
    }
    const tokens = input.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
    sendJson(res, 200, {
      object: 'list',
      model: typeof body?.model === 'string' ? body.model : 'scripted-embedder',
      data: input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: Array.from(hashEmbedding(text, dimensions)),
      })),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
    return true;
  };
}
