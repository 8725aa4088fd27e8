import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Model, ModelRequest, ModelStreamPart, StreamOptions } from '@kodama/core';
import { type ContextWindowProbe, cachedContextWindow } from '../context-window/cached-context-window.ts';
import { lookupKnownContextWindow } from '../context-window/known-context-windows.ts';
import type { RetryPolicy } from '../retry/retry-policy.ts';
import { streamWithRetry } from '../retry/stream-with-retry.ts';
import { mapV3Stream } from './map-v3-stream.ts';
import { toV3Prompt, toV3Tools } from './to-v3-prompt.ts';

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
  /** What fixes a 401/403, e.g. `check ANTHROPIC_API_KEY or pick another --model`. */
  readonly authHint?: string;
  /** What fixes a refused connection, e.g. `check your network or OPENAI_BASE_URL, or pick another --model`. */
  readonly unreachableHint?: string;
  /** Random source for backoff jitter (tests). */
  readonly random?: () => number;
}

/**
 * Wraps any AI SDK `LanguageModelV3` as a kodama {@link Model}. Calls
 * `doStream` directly (never `streamText`, so no AI SDK retries are stacked on
 * ours) and maps its parts one by one; retries follow {@link AdapterOptions.retry}.
 */
export function fromAiSdk(model: LanguageModelV3, options: AdapterOptions = {}): Model {
  const provider = options.provider ?? model.provider.split('.')[0] ?? model.provider;
  const context = {
    provider,
    authHint: options.authHint,
    unreachableHint: options.unreachableHint,
    policy: options.retry,
    random: options.random,
  };
  const probe = options.probeContextWindow ?? (async () => lookupKnownContextWindow(model.modelId));
  return {
    specificationVersion: 'kodama.model.v1',
    provider,
    modelId: model.modelId,
    contextWindow: cachedContextWindow(options.contextWindow, probe),
    stream(request: ModelRequest, streamOptions: StreamOptions = {}): AsyncIterable<ModelStreamPart> {
      const prompt = toV3Prompt(request);
      const tools = toV3Tools(request.tools);
      return streamWithRetry(
        async function* attempt(signal) {
          const result = await model.doStream({
            prompt,
            tools,
            toolChoice: tools ? { type: 'auto' } : undefined,
            maxOutputTokens: request.maxOutputTokens,
            temperature: request.temperature,
            abortSignal: signal,
          });
          yield* mapV3Stream(result.stream, provider, signal);
        },
        streamOptions,
        context,
      );
    },
  };
}
