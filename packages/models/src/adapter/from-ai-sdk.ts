import type { LanguageModelV3, LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { Model } from '@kodama/core';
import type { IdSource } from '@kodama/core/ids';
import type { ModelCapabilities, ModelRequest, ModelStreamPart, StreamOptions } from '@kodama/core/model';
import { declaredCapabilities } from '../capabilities/declared-capabilities.ts';
import { type ContextWindowProbe, cachedContextWindow } from '../context-window/cached-context-window.ts';
import { lookupKnownContextWindow } from '../context-window/known-context-windows.ts';
import { IdleGuard } from '../idle/idle-guard.ts';
import { idleTimeoutOf } from '../idle/idle-timeout.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../retry/retry-policy.ts';
import { streamWithRetry } from '../retry/stream-with-retry.ts';
import { mapV3Stream } from './map-v3-stream.ts';
import { maxOutputTokensOf } from './max-output-tokens.ts';
import { toV3Prompt, toV3Tools } from './to-v3-prompt.ts';
import { toV3ResponseFormat } from './to-v3-response-format.ts';

// Only types come from @ai-sdk/provider here: importing @kodama/models must not
// load any AI SDK package (the providers are imported on first use).

/** Options of {@link fromAiSdk} (and of kodama's own adapters). */
export interface AdapterOptions {
  /** Provider name reported by the model; defaults to the AI SDK model's `provider`. */
  readonly provider?: string;
  /** Context window in tokens, when known; wins over any probe. */
  readonly contextWindow?: number;
  /** How to find the context window when not given; defaults to the bundled table of hosted models. */
  readonly probeContextWindow?: ContextWindowProbe;
  /** Retry behaviour; default 2 retries, 1 s base, 30 s cap. */
  readonly retry?: RetryPolicy;
  /**
   * Milliseconds a stream may stay silent before the request is aborted
   * (`StreamIdleTimeoutError`; retried while no part reached the caller).
   * Default {@link DEFAULT_IDLE_TIMEOUT_MS} (60 s); `Infinity` turns it off.
   */
  readonly idleTimeoutMs?: number;
  /**
   * Milliseconds a stream may go on without an answer part while the server
   * keeps it alive (SSE comments, blank lines, empty chunks), before it is
   * closed with `StreamKeepAliveError` (never retried). Default
   * {@link DEFAULT_KEEP_ALIVE_LIMIT_MS} (10 minutes); `Infinity` turns it off.
   * Read by the lean OpenAI-compatible adapter; the AI SDK adapter's idle
   * timeout already counts time without a part, so keep-alives never reset it.
   */
  readonly keepAliveLimitMs?: number;
  /**
   * Output-token limit of every request that sets none
   * (`ModelRequest.maxOutputTokens` wins); none by default: the provider's own.
   */
  readonly maxOutputTokens?: number;
  /** What fixes a 401/403, e.g. `check ANTHROPIC_API_KEY or pick another --model`. */
  readonly authHint?: string;
  /** What fixes a refused connection, e.g. `check your network or OPENAI_BASE_URL, or pick another --model`. */
  readonly unreachableHint?: string;
  /** Random source for backoff jitter (tests). */
  readonly random?: () => number;
  /**
   * Whether the provider constrains an answer to `ModelRequest.responseFormat`
   * (the model's `supportsJsonSchema`): a Run then asks for JSON natively
   * instead of through a final-answer tool. Default: true for the lean
   * OpenAI-compatible adapter, false for {@link fromAiSdk}.
   */
  readonly supportsJsonSchema?: boolean;
  /**
   * What the caller knows of the model (image input, reasoning, context
   * window, prices, ...), field by field over what kodama's tables know; an
   * `undefined` field changes nothing. The model's `capabilities` are the result.
   */
  readonly capabilities?: ModelCapabilities;
}

/**
 * Wraps any AI SDK `LanguageModelV3` as a kodama {@link Model}. Calls
 * `doStream` directly (never `streamText`, so no AI SDK retries are stacked on
 * ours) and maps its parts one by one; retries follow {@link AdapterOptions.retry}.
 * The idle timeout counts time without a stream part (the AI SDK hides the bytes).
 */
export function fromAiSdk(model: LanguageModelV3, options: AdapterOptions = {}): Model {
  const provider = options.provider ?? model.provider.split('.')[0] ?? model.provider;
  const idleTimeoutMs = idleTimeoutOf(options.idleTimeoutMs);
  const maxOutputTokens = maxOutputTokensOf(options.maxOutputTokens);
  const context = {
    provider,
    authHint: options.authHint,
    unreachableHint: options.unreachableHint,
    policy: options.retry,
    random: options.random,
  };
  const probe = options.probeContextWindow ?? (async () => lookupKnownContextWindow(model.modelId));
  const capabilities = declaredCapabilities(
    {
      provider,
      modelId: model.modelId,
      jsonSchema: options.supportsJsonSchema ?? false,
      contextWindow: options.contextWindow,
      tableContextWindow: options.probeContextWindow === undefined,
    },
    options.capabilities,
  );

  async function* attempt(
    call: LanguageModelV3CallOptions,
    signal: AbortSignal | undefined,
    ids: IdSource | undefined,
  ): AsyncGenerator<ModelStreamPart> {
    const guard = new IdleGuard(signal, idleTimeoutMs);
    let midAnswer = false;
    try {
      const result = await model.doStream({ ...call, abortSignal: guard.signal });
      for await (const part of mapV3Stream(result.stream, {
        provider,
        signal: guard.signal,
        watch: guard,
        ids,
      })) {
        midAnswer = true;
        yield part;
      }
    } catch (error) {
      throw guard.error(error, midAnswer, provider);
    } finally {
      guard.stop();
    }
  }

  return {
    specificationVersion: 'kodama.model.v1',
    provider,
    modelId: model.modelId,
    maxRetries: context.policy?.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    capabilities,
    supportsJsonSchema: capabilities.jsonSchema === true,
    contextWindow: cachedContextWindow(capabilities.contextWindow, probe),
    stream(request: ModelRequest, streamOptions: StreamOptions = {}): AsyncIterable<ModelStreamPart> {
      const tools = toV3Tools(request.tools);
      const call: LanguageModelV3CallOptions = {
        prompt: toV3Prompt(request),
        tools,
        toolChoice: tools ? { type: 'auto' } : undefined,
        maxOutputTokens: request.maxOutputTokens ?? maxOutputTokens,
        temperature: request.temperature,
        ...toV3ResponseFormat(request.responseFormat),
      };
      return streamWithRetry((signal) => attempt(call, signal, streamOptions.ids), streamOptions, context);
    },
  };
}
