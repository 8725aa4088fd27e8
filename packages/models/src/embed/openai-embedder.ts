import { InvalidOptionError, ModelError } from '@kodama/core';
import type { Embedder, EmbedOptions } from '@kodama/core/model';
import { type FetchFunction, fetchJson } from '../http/fetch-json.ts';
import type { RetryPolicy } from '../retry/retry-policy.ts';
import { batches } from './batches.ts';
import { callWithRetry } from './call-with-retry.ts';
import { DimensionCheck } from './dimension-check.ts';

/** Options of {@link createOpenAICompatibleEmbedder}. */
export interface OpenAICompatibleEmbedderOptions {
  /** API base including `/v1`, e.g. `http://127.0.0.1:11434/v1`. */
  readonly baseURL: string;
  readonly modelId: string;
  /** Sent as `Authorization: Bearer <key>` when present. */
  readonly apiKey?: string;
  /** Provider name for messages (default `openai-compatible`). */
  readonly provider?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Texts per request (default 64). */
  readonly batchSize?: number;
  /** Ask the server for vectors of this length (OpenAI `dimensions`; text-embedding-3 models). */
  readonly dimensions?: number;
  readonly retry?: RetryPolicy;
  readonly fetch?: FetchFunction;
  readonly authHint?: string;
  readonly unreachableHint?: string;
}

interface EmbeddingsAnswer {
  readonly data?: ReadonlyArray<{ readonly index?: number; readonly embedding?: unknown }>;
}

/**
 * An {@link Embedder} over `POST <base>/embeddings`, the route OpenAI, Ollama,
 * llama.cpp (`llama-server --embeddings`), LM Studio and vLLM share. Inputs go
 * in batches of `batchSize`; each batch is retried under the chat policy;
 * answers are put back in input order by their `index`.
 */
export function createOpenAICompatibleEmbedder(options: OpenAICompatibleEmbedderOptions): Embedder {
  const provider = options.provider ?? 'openai-compatible';
  const batchSize = options.batchSize ?? 64;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new InvalidOptionError(
      'OpenAICompatibleEmbedderOptions.batchSize',
      'a positive integer',
      batchSize,
    );
  }
  const url = `${options.baseURL.replace(/\/+$/, '')}/embeddings`;
  const check = new DimensionCheck(`${provider} embeddings (${options.modelId})`, options.dimensions);
  const context = {
    provider,
    policy: options.retry,
    authHint: options.authHint,
    unreachableHint: options.unreachableHint,
  };
  const headers = {
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    ...options.headers,
  };

  const embedBatch = async (texts: string[], callOptions: EmbedOptions): Promise<Float32Array[]> => {
    const body = {
      model: options.modelId,
      input: texts,
      encoding_format: 'float',
      ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
    };
    const answer = (await callWithRetry(
      (signal) => fetchJson(url, { method: 'POST', body, headers, fetch: options.fetch, signal }),
      callOptions,
      context,
    )) as EmbeddingsAnswer | undefined;
    return check.check(readVectors(answer, provider), texts.length);
  };

  return {
    specificationVersion: 'kodama.embedder.v1',
    provider,
    modelId: options.modelId,
    get dimensions() {
      return check.dimensions;
    },
    async embed(texts, callOptions = {}) {
      const out: Float32Array[] = [];
      for (const batch of batches(texts, batchSize)) out.push(...(await embedBatch(batch, callOptions)));
      return out;
    },
  };
}

/** The vectors of an `/embeddings` answer, in input order. */
function readVectors(answer: EmbeddingsAnswer | undefined, provider: string): Float32Array[] {
  const data = answer?.data;
  if (!Array.isArray(data)) throw new ModelError(`${provider} embeddings answer has no "data" list`);
  const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return ordered.map((item, i) => {
    const embedding = item.embedding;
    if (!Array.isArray(embedding) || !embedding.every((x) => typeof x === 'number')) {
      throw new ModelError(`${provider} embeddings answer: data[${i}].embedding is not a list of numbers`);
    }
    return Float32Array.from(embedding as number[]);
  });
}
