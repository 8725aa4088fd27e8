import { ModelError } from '@kodama/core';
import type { Embedder, EmbedOptions } from '@kodama/core/model';
import { type FetchFunction, fetchJson } from '../http/fetch-json.ts';
import type { RetryPolicy } from '../retry/retry-policy.ts';
import { batches } from './batches.ts';
import { callWithRetry } from './call-with-retry.ts';
import { DimensionCheck } from './dimension-check.ts';

/** Options of {@link createGoogleEmbedder}. */
export interface GoogleEmbedderOptions {
  /** e.g. `gemini-embedding-001` or `text-embedding-004`. */
  readonly modelId: string;
  readonly apiKey: string;
  /** Default `https://generativelanguage.googleapis.com/v1beta`. */
  readonly baseURL?: string;
  /** Texts per request (default 100, the API's limit). */
  readonly batchSize?: number;
  /** `outputDimensionality`, for models that can shorten their vectors. */
  readonly dimensions?: number;
  readonly retry?: RetryPolicy;
  readonly fetch?: FetchFunction;
}

const GOOGLE_BASE = 'https://generativelanguage.googleapis.com/v1beta';

/**
 * An {@link Embedder} over Gemini's `models/<id>:batchEmbedContents`. A direct
 * request rather than the AI SDK: one small JSON call, and embedding needs
 * none of the SDK's streaming machinery.
 */
export function createGoogleEmbedder(options: GoogleEmbedderOptions): Embedder {
  const base = (options.baseURL ?? GOOGLE_BASE).replace(/\/+$/, '');
  const model = options.modelId.startsWith('models/') ? options.modelId : `models/${options.modelId}`;
  const url = `${base}/${model}:batchEmbedContents`;
  const check = new DimensionCheck(`google embeddings (${options.modelId})`, options.dimensions);
  const context = {
    provider: 'google',
    policy: options.retry,
    authHint: 'check GEMINI_API_KEY or pick another --embed',
    unreachableHint: 'check your network or GOOGLE_BASE_URL',
  };
  const embedBatch = async (texts: string[], callOptions: EmbedOptions): Promise<Float32Array[]> => {
    const body = {
      requests: texts.map((text) => ({
        model,
        content: { parts: [{ text }] },
        ...(options.dimensions === undefined ? {} : { outputDimensionality: options.dimensions }),
      })),
    };
    const answer = (await callWithRetry(
      (signal) =>
        fetchJson(url, {
          method: 'POST',
          body,
          headers: { 'x-goog-api-key': options.apiKey },
          fetch: options.fetch,
          signal,
        }),
      callOptions,
      context,
    )) as { embeddings?: Array<{ values?: unknown }> } | undefined;
    const list = answer?.embeddings;
    if (!Array.isArray(list)) throw new ModelError('google embeddings answer has no "embeddings" list');
    const vectors = list.map((item, i) => {
      if (!Array.isArray(item.values)) {
        throw new ModelError(`google embeddings answer: embeddings[${i}].values is not a list`);
      }
      return Float32Array.from(item.values as number[]);
    });
    return check.check(vectors, texts.length);
  };
  return {
    specificationVersion: 'kodama.embedder.v1',
    provider: 'google',
    modelId: options.modelId,
    get dimensions() {
      return check.dimensions;
    },
    async embed(texts, callOptions = {}) {
      const out: Float32Array[] = [];
      for (const batch of batches(texts, options.batchSize ?? 100)) {
        out.push(...(await embedBatch(batch, callOptions)));
      }
      return out;
    },
  };
}
