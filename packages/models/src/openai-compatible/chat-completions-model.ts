import {
  type Model,
  ModelError,
  type ModelRequest,
  type ModelStreamPart,
  type StreamOptions,
} from '@kodama/core';
import type { AdapterOptions } from '../adapter/from-ai-sdk.ts';
import { cachedContextWindow } from '../context-window/cached-context-window.ts';
import type { FetchFunction } from '../http/fetch-json.ts';
import { ProviderHttpError } from '../retry/provider-http-error.ts';
import { streamWithRetry } from '../retry/stream-with-retry.ts';
import { ChatChunkMapper, type WireChunk } from './chat-chunk-mapper.ts';
import { SseDataSplitter } from './sse-data-splitter.ts';
import { toChatBody } from './to-chat-body.ts';

/** Options of {@link createChatCompletionsModel}. */
export interface ChatCompletionsModelOptions extends AdapterOptions {
  /** API base including the version path, e.g. `http://127.0.0.1:8080/v1`. */
  readonly baseURL: string;
  readonly modelId: string;
  /** Sent as `Authorization: Bearer <key>` when present. */
  readonly apiKey?: string;
  /** Extra request headers (e.g. OpenRouter's `HTTP-Referer`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: FetchFunction;
}

/**
 * kodama's lean adapter for OpenAI-compatible chat completions (llama.cpp,
 * Ollama, LM Studio, vLLM, OpenRouter, ...): `fetch` plus a hand-written SSE
 * splitter and one `JSON.parse` per chunk, no schema validation per chunk.
 * Chosen over the AI SDK path for these servers because it costs several
 * times less CPU per delta (see docs/DECISIONS.md).
 */
export function createChatCompletionsModel(options: ChatCompletionsModelOptions): Model {
  const provider = options.provider ?? 'openai-compatible';
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...options.headers,
  };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const context = {
    provider,
    authHint: options.authHint,
    unreachableHint: options.unreachableHint,
    policy: options.retry,
    random: options.random,
  };

  async function* attempt(body: string, signal: AbortSignal | undefined): AsyncGenerator<ModelStreamPart> {
    const response = await doFetch(url, { method: 'POST', headers, body, signal });
    if (!response.ok) {
      throw new ProviderHttpError(response.status, response.headers, await response.text().catch(() => ''));
    }
    if (!response.body) throw new ProviderHttpError(response.status, response.headers, 'empty response body');
    const reader = response.body.getReader();
    const onAbort = (): void => {
      reader.cancel(signal?.reason).catch(() => {});
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const mapper = new ChatChunkMapper(provider);
    const splitter = new SseDataSplitter();
    const out: ModelStreamPart[] = [];
    const onData = (data: string): boolean => {
      if (data === '[DONE]') return true;
      let chunk: WireChunk;
      try {
        chunk = JSON.parse(data) as WireChunk;
      } catch {
        throw new ModelError(`${provider} sent a stream chunk that is not JSON: ${data.slice(0, 200)}`);
      }
      mapper.push(chunk, out);
      return false;
    };
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        const stop = splitter.feed(done ? undefined : value, onData);
        for (const part of out) yield part;
        out.length = 0;
        if (done) finished = true;
        if (stop || done) break;
      }
      // Read to the end after `[DONE]`: cancelling a body that is not fully
      // read makes undici drop the keep-alive connection, and the next request
      // pays for a new one.
      while (!finished) finished = (await reader.read()).done;
      mapper.end(out);
      for (const part of out) yield part;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (!finished) reader.cancel().catch(() => {});
    }
  }

  return {
    specificationVersion: 'kodama.model.v1',
    provider,
    modelId: options.modelId,
    contextWindow: cachedContextWindow(options.contextWindow, options.probeContextWindow),
    stream(request: ModelRequest, streamOptions: StreamOptions = {}): AsyncIterable<ModelStreamPart> {
      const body = JSON.stringify(toChatBody(options.modelId, request));
      return streamWithRetry((signal) => attempt(body, signal), streamOptions, context);
    },
  };
}
