import { type Model, ModelError } from '@kodama/core';
import type { IdSource } from '@kodama/core/ids';
import type { ModelRequest, ModelStreamPart, StreamOptions } from '@kodama/core/model';
import type { AdapterOptions } from '../adapter/from-ai-sdk.ts';
import { maxOutputTokensOf } from '../adapter/max-output-tokens.ts';
import { declaredCapabilities } from '../capabilities/declared-capabilities.ts';
import { cachedContextWindow } from '../context-window/cached-context-window.ts';
import { StreamKeepAliveError } from '../errors.ts';
import type { FetchFunction } from '../http/fetch-json.ts';
import { nodeHttpFetch } from '../http/node-http-fetch.ts';
import { IdleGuard } from '../idle/idle-guard.ts';
import { idleTimeoutOf } from '../idle/idle-timeout.ts';
import { keepAliveLimitOf } from '../idle/keep-alive-limit.ts';
import { ProviderHttpError } from '../retry/provider-http-error.ts';
import { DEFAULT_RETRY_POLICY } from '../retry/retry-policy.ts';
import { streamWithRetry } from '../retry/stream-with-retry.ts';
import { ChatChunkMapper, type WireChunk } from './chat-chunk-mapper.ts';
import { SseDataSplitter } from './sse-data-splitter.ts';
import { toChatBody } from './to-chat-body.ts';

/**
 * The body failed after part of the answer reached the caller (a cut socket,
 * a reset): said plainly, since the retry layer never replays a stream and
 * the caller keeps what it has. An idle timeout or the caller's abort that
 * caused it is still reported as that (the guard and the retry layer see to it).
 */
function cutMidAnswer(provider: string, error: unknown): ModelError {
  const reason =
    error instanceof Error ? ((error as { code?: string }).code ?? error.message) : String(error);
  return new ModelError(
    `${provider} cut the stream in the middle of the answer (${reason}); the parts that arrived before the cut were delivered, the rest of the answer is lost`,
    { isRetryable: true, cause: error },
  );
}

/** Options of {@link createChatCompletionsModel}. */
export interface ChatCompletionsModelOptions extends AdapterOptions {
  /** API base including the version path, e.g. `http://127.0.0.1:8080/v1`. */
  readonly baseURL: string;
  /** Model id sent as `model` in every request. */
  readonly modelId: string;
  /** Sent as `Authorization: Bearer <key>` when present. */
  readonly apiKey?: string;
  /** Extra request headers (e.g. OpenRouter's `HTTP-Referer`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** `fetch` used for model calls; the global one by default. */
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
  const doFetch = options.fetch ?? nodeHttpFetch;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...options.headers,
  };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const idleTimeoutMs = idleTimeoutOf(options.idleTimeoutMs);
  const keepAliveLimitMs = keepAliveLimitOf(options.keepAliveLimitMs);
  const maxOutputTokens = maxOutputTokensOf(options.maxOutputTokens);
  const capabilities = declaredCapabilities(
    {
      provider,
      modelId: options.modelId,
      // llama.cpp, Ollama, LM Studio, vLLM and OpenAI accept `response_format: json_schema`.
      jsonSchema: options.supportsJsonSchema ?? true,
      contextWindow: options.contextWindow,
      // A server is probed (`probeContextWindow`); the table is one of its sources when it applies.
      tableContextWindow: false,
    },
    options.capabilities,
  );
  const context = {
    provider,
    authHint: options.authHint,
    unreachableHint: options.unreachableHint,
    policy: options.retry,
    random: options.random,
  };

  async function* attempt(
    body: string,
    signal: AbortSignal | undefined,
    ids: IdSource | undefined,
  ): AsyncGenerator<ModelStreamPart> {
    const guard = new IdleGuard(signal, idleTimeoutMs);
    let midAnswer = false;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let finished = false;
    try {
      const response = await doFetch(url, { method: 'POST', headers, body, signal: guard.signal });
      if (!response.ok) {
        throw new ProviderHttpError(response.status, response.headers, await response.text().catch(() => ''));
      }
      if (!response.body)
        throw new ProviderHttpError(response.status, response.headers, 'empty response body');
      reader = response.body.getReader();
      // fetch errors the body when its signal aborts; an injected fetch may not, so cancel it too.
      const opened = reader;
      guard.signal.addEventListener('abort', () => opened.cancel(guard.signal.reason).catch(() => {}), {
        once: true,
      });
      const mapper = new ChatChunkMapper(provider, ids);
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
      // When the first chunk without progress came, since the last one with it
      // (-1: the last chunk had progress: an answer part, or bytes of an event
      // still under way). Keep-alives reset the idle guard, not this.
      let keepAliveSince = -1;
      for (;;) {
        guard.waiting();
        const { done, value } = await reader.read().catch((error: unknown) => {
          throw midAnswer ? cutMidAnswer(provider, error) : error;
        });
        guard.received();
        const stop = splitter.feed(done ? undefined : value, onData);
        if (out.length > 0) {
          midAnswer = true;
          for (const part of out) yield part;
          out.length = 0;
          keepAliveSince = -1;
        } else if (splitter.midLine) {
          keepAliveSince = -1;
        } else if (!done) {
          const now = performance.now();
          if (keepAliveSince < 0) keepAliveSince = now;
          else if (now - keepAliveSince >= keepAliveLimitMs)
            throw new StreamKeepAliveError({ provider, keepAliveLimitMs, midAnswer });
        }
        if (done) finished = true;
        if (stop || done) break;
      }
      // Read to the end after `[DONE]`: cancelling a body that is not fully
      // read makes undici drop the keep-alive connection, and the next request
      // pays for a new one. A server that keeps the body open after `[DONE]`
      // has still answered in full, so an idle timeout here only ends the wait,
      // and so does the keep-alive limit (a server that sends keep-alives after it).
      const drainSince = performance.now();
      try {
        while (!finished && performance.now() - drainSince < keepAliveLimitMs) {
          guard.waiting();
          finished = (await reader.read()).done;
        }
      } catch (error) {
        if (!guard.timedOut) throw error;
      }
      mapper.end(out);
      for (const part of out) yield part;
    } catch (error) {
      throw guard.error(error, midAnswer, provider);
    } finally {
      guard.stop();
      if (!finished) reader?.cancel().catch(() => {});
    }
  }

  return {
    specificationVersion: 'kodama.model.v1',
    provider,
    modelId: options.modelId,
    maxRetries: context.policy?.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    capabilities,
    supportsJsonSchema: capabilities.jsonSchema === true,
    contextWindow: cachedContextWindow(capabilities.contextWindow, options.probeContextWindow),
    stream(request: ModelRequest, streamOptions: StreamOptions = {}): AsyncIterable<ModelStreamPart> {
      const limited =
        maxOutputTokens === undefined || request.maxOutputTokens !== undefined
          ? request
          : { ...request, maxOutputTokens };
      const body = JSON.stringify(toChatBody(options.modelId, limited));
      return streamWithRetry((signal) => attempt(body, signal, streamOptions.ids), streamOptions, context);
    },
  };
}
