import { ModelError } from '../errors/model-error.ts';
import type { Emit } from '../events/events.ts';
import type { IdSource } from '../ids/id-source.ts';
import type { ToolCall } from '../messages/message.ts';
import type { Model } from '../model/model.ts';
import type { ModelRequest } from '../model/model-request.ts';
import type { StopReason } from '../model/stop-reason.ts';
import { EMPTY_USAGE, type Usage } from '../model/usage.ts';
import type { ModelStepResult, ParsedToolInput } from './step-runner.ts';
import type { TurnContext } from './turn-context.ts';
import { untilAborted } from './until-aborted.ts';

/** Who is asking, for {@link streamModelRound}'s events and the model's id fallbacks. */
export interface ModelRoundOptions {
  readonly agentId: string;
  readonly turnId: string;
  readonly signal: AbortSignal;
  /** Emit `reasoning-delta`/`assistant-delta` events as parts arrive. */
  readonly streaming: boolean;
  readonly emit: Emit;
  readonly ids: IdSource;
}

/** The round options of turn `ctx`; `streaming` off for a request whose text is no answer (a summary). */
export function turnRound(ctx: TurnContext, streaming = ctx.settings.streaming): ModelRoundOptions {
  const { agentId, turnId } = ctx.settings;
  const { signal, emit, ids } = ctx.io;
  return { agentId, turnId, signal, streaming, emit, ids };
}

/**
 * Streams one model response to completion and assembles it. Emits deltas
 * (when streaming) and `retry` events; the final events are the caller's,
 * so they fire from a recorded result too. A stream that fails midway throws
 * and leaves nothing behind: the caller appends only complete responses.
 * Once `signal` aborts it throws a `CancelledError` at once, even when the
 * model's stream ignores the signal: a deadline holds, and text arriving
 * after it is never part of a response.
 */
export async function streamModelRound(
  model: Model,
  request: ModelRequest,
  options: ModelRoundOptions,
): Promise<ModelStepResult> {
  const { agentId, turnId, emit, streaming } = options;
  let text = '';
  let reasoning = '';
  const toolCalls: ToolCall[] = [];
  const toolInputs: ParsedToolInput[] = [];
  let usage: Usage | undefined;
  let finishReason: StopReason | undefined;
  let response: { responseId?: string; responseModelId?: string } = {};
  const stream = model.stream(request, {
    signal: options.signal,
    onRetry: (info) => emit({ type: 'retry', agentId, turnId, ...info }),
    ids: options.ids,
  });
  for await (const part of untilAborted(stream, options.signal)) {
    switch (part.type) {
      case 'text-delta':
        if (part.text === '') break;
        text += part.text;
        if (streaming) emit({ type: 'assistant-delta', agentId, turnId, text: part.text });
        break;
      case 'reasoning-delta':
        if (part.text === '') break;
        reasoning += part.text;
        if (streaming) emit({ type: 'reasoning-delta', agentId, turnId, text: part.text });
        break;
      case 'tool-call-end':
        toolCalls.push(part.call);
        toolInputs.push(
          part.parseError === undefined ? { input: part.input } : { parseError: part.parseError },
        );
        break;
      case 'usage':
        usage = part.usage;
        break;
      case 'finish':
        finishReason = part.reason;
        response = {
          ...(part.responseId ? { responseId: part.responseId } : {}),
          ...(part.responseModelId ? { responseModelId: part.responseModelId } : {}),
        };
        break;
      default:
        break;
    }
  }
  if (finishReason === undefined) throw new ModelError('the model stream ended without a finish part');
  const message =
    reasoning === ''
      ? { role: 'assistant' as const, text, toolCalls }
      : { role: 'assistant' as const, text, reasoning, toolCalls };
  return { message, toolInputs, usage, finishReason, ...response };
}

/** The first tool-call id that two calls of one response share, if any. */
export function duplicateToolCallId(calls: readonly ToolCall[]): string | undefined {
  if (calls.length < 2) return undefined;
  const seen = new Set<string>();
  for (const call of calls) {
    if (seen.has(call.id)) return call.id;
    seen.add(call.id);
  }
  return undefined;
}

/**
 * Narrates a complete response (streamed or replayed): `reasoning` when it
 * has any, `assistant` when it has text and `withAnswer` (a cut answer the
 * turn refuses is not announced as one), then `tokens` with the stop reason.
 */
export function narrateResponse(
  who: { readonly agentId: string; readonly turnId: string; readonly emit: Emit },
  model: Model,
  result: ModelStepResult,
  withAnswer: boolean,
): void {
  const { agentId, turnId, emit } = who;
  const { message } = result;
  if (message.reasoning) emit({ type: 'reasoning', agentId, turnId, text: message.reasoning });
  if (withAnswer && message.text !== '') emit({ type: 'assistant', agentId, turnId, text: message.text });
  narrateTokens(who, model, result);
}

/** The `tokens` event of a complete response (also of one discarded as malformed). */
export function narrateTokens(
  who: { readonly agentId: string; readonly turnId: string; readonly emit: Emit },
  model: Model,
  result: ModelStepResult,
): void {
  const { agentId, turnId, emit } = who;
  emit({
    type: 'tokens',
    agentId,
    turnId,
    usage: result.usage ?? EMPTY_USAGE,
    provider: model.provider,
    modelId: model.modelId,
    ...(model.capabilities?.prices ? { prices: model.capabilities.prices } : {}),
    stopReason: result.finishReason,
    ...(result.responseId ? { responseId: result.responseId } : {}),
    ...(result.responseModelId ? { responseModelId: result.responseModelId } : {}),
  });
}
