import type { Model } from '@kodama/core';
import type { ModelRequest, ModelStreamPart, StreamOptions } from '@kodama/core/model';
import type { ChatSpan } from './chat-span.ts';

// The chat span that a `model-start` just opened, waiting for its request.
// Core emits `model-start` and calls `Model.stream` in one synchronous step
// (the event is handed to the observers before the call, with no await
// between), so the request a traced model sees next is that span's. Any
// other event withdraws the offer, and a model whose provider or id differs
// does not take it, so a request is never described on another's span.
let offered: ChatSpan | undefined;

/** Offers the chat span a `model-start` opened to the traced model about to be called. */
export function offerChat(chat: ChatSpan): void {
  offered = chat;
}

/** Withdraws the offer (the observer saw another event: the request, if any, was not traced). */
export function withdrawChat(): void {
  offered = undefined;
}

function takeChat(model: Model): ChatSpan | undefined {
  const chat = offered;
  offered = undefined;
  return chat && chat.provider === model.provider && chat.modelId === model.modelId ? chat : undefined;
}

/** Options of {@link otelModel}. */
export interface OtelModelOptions {
  /**
   * The server the model talks to (its base URL), recorded as
   * `server.address` and `server.port`; absent: not recorded (a kodama
   * Model does not say where it connects).
   */
  readonly serverUrl?: string | URL | undefined;
  /**
   * The output limit the model's adapter applies to a request that sets none
   * (`resolveModel`'s `maxOutputTokens`, the CLI's `--max-tokens`): recorded
   * as `gen_ai.request.max_tokens` then, since the request does not say it.
   */
  readonly maxOutputTokens?: number | undefined;
}

/**
 * Wraps a model so that the `chat` spans of {@link otelObserver} also carry
 * what only the request holds: `gen_ai.request.temperature`,
 * `gen_ai.request.max_tokens`, `gen_ai.output.type`, `server.address` /
 * `server.port` (from `serverUrl`), and, when the observer records content,
 * `gen_ai.system_instructions` and the full `gen_ai.input.messages`. The
 * model behaves exactly as before; without an observer it records nothing.
 *
 * It must be the wrapper that the agent calls (the outermost one), or inside
 * wrappers that call it synchronously: the request is paired with its span
 * because core calls `stream` in the same step as it emits `model-start`.
 */
export function otelModel(model: Model, options: OtelModelOptions = {}): Model {
  const server = options.serverUrl === undefined ? undefined : new URL(options.serverUrl);
  // A plain object forwarding to the model (not a prototype copy: an adapter's
  // private fields need `this` to be the adapter itself).
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    ...(model.maxRetries !== undefined ? { maxRetries: model.maxRetries } : {}),
    ...(model.capabilities !== undefined ? { capabilities: model.capabilities } : {}),
    ...(model.supportsJsonSchema !== undefined ? { supportsJsonSchema: model.supportsJsonSchema } : {}),
    stream(request: ModelRequest, streamOptions?: StreamOptions): AsyncIterable<ModelStreamPart> {
      const limit = request.maxOutputTokens ?? options.maxOutputTokens;
      takeChat(model)?.describeRequest(
        limit === undefined ? request : { ...request, maxOutputTokens: limit },
        server,
      );
      return model.stream(request, streamOptions);
    },
    ...(model.contextWindow
      ? { contextWindow: (o?: { signal?: AbortSignal }) => model.contextWindow!(o) }
      : {}),
  };
}
