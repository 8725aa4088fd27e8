import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { ModelError, type Usage } from '@kodama/core';
import { type IdSource, RANDOM_IDS } from '@kodama/core/ids';
import type { ModelStreamPart } from '@kodama/core/model';
import { isAiSdkError } from './ai-sdk-error.ts';
import { isInventedToolCallId } from './invented-tool-call-id.ts';
import { parseToolArguments } from './parse-tool-arguments.ts';

/** Normalized usage from a V3 usage record; `undefined` when the provider reported nothing. */
export function toUsage(usage: LanguageModelV3Usage | undefined): Usage | undefined {
  if (!usage) return undefined;
  const result: Usage = {
    inputTokens: usage.inputTokens?.total,
    outputTokens: usage.outputTokens?.total,
    cacheReadTokens: usage.inputTokens?.cacheRead,
    cacheWriteTokens: usage.inputTokens?.cacheWrite,
    reasoningTokens: usage.outputTokens?.reasoning,
  };
  return Object.values(result).some((v) => v !== undefined) ? result : undefined;
}

/** The error an ended-but-unfinished stream rejects with. */
export function noFinishError(provider: string, detail?: string): ModelError {
  return new ModelError(
    `stream ended without a finish from ${provider}: the response is incomplete${detail ? ` (${detail})` : ''}`,
  );
}

/** Options of {@link mapV3Stream}. */
export interface MapV3Options {
  /** Provider name for error messages. */
  readonly provider: string;
  /** Aborting it cancels the reader, which releases the connection. */
  readonly signal?: AbortSignal;
  /** Told when a read starts waiting and when a part arrived (the idle timeout). */
  readonly watch?: { waiting(): void; received(): void };
  /** Source of ids for tool calls whose id was invented or empty; random `call_<uuid>` when absent. */
  readonly ids?: IdSource;
}

/**
 * Reads an AI SDK V3 part stream and yields kodama parts: one switch per part,
 * no buffering (the provider hands us the complete argument text on
 * `tool-call`). Calls that arrive whole, without `tool-input-*` parts (Gemini),
 * get a synthetic start and delta so consumers see one shape. Ids a provider
 * invented (see `inventToolCallId`) or left empty are replaced by ones from
 * `ids`. An `error` part is thrown as-is for the retry layer to classify; a
 * stream without `finish` throws a `ModelError`. Abort cancels the reader so
 * the connection is released.
 */
export async function* mapV3Stream(
  stream: ReadableStream<LanguageModelV3StreamPart>,
  options: MapV3Options,
): AsyncGenerator<ModelStreamPart, void, undefined> {
  const { provider, signal, watch } = options;
  const reader = stream.getReader();
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const started = new Set<string>();
  let renamed: Map<string, string> | undefined;
  const idOf = (raw: string): string => {
    if (!isInventedToolCallId(raw)) return raw;
    renamed ??= new Map();
    let id = renamed.get(raw);
    if (id === undefined) {
      id = (options.ids ?? RANDOM_IDS).next('tool-call');
      renamed.set(raw, id);
    }
    return id;
  };
  let finished = false;
  // The response's id and model, from the provider's metadata part(s): carried on the finish part.
  let responseId: string | undefined;
  let responseModelId: string | undefined;
  try {
    for (;;) {
      watch?.waiting();
      const { done, value: part } = await reader.read();
      watch?.received();
      if (done) break;
      switch (part.type) {
        case 'text-delta':
          if (part.delta) yield { type: 'text-delta', text: part.delta };
          break;
        case 'reasoning-delta':
          if (part.delta) yield { type: 'reasoning-delta', text: part.delta };
          break;
        case 'tool-input-start': {
          const id = idOf(part.id);
          started.add(id);
          yield { type: 'tool-call-start', id, name: part.toolName };
          break;
        }
        case 'tool-input-delta':
          if (part.delta) yield { type: 'tool-call-delta', id: idOf(part.id), argumentsDelta: part.delta };
          break;
        case 'tool-call': {
          if (part.providerExecuted) break;
          const id = idOf(part.toolCallId);
          if (!started.has(id)) {
            yield { type: 'tool-call-start', id, name: part.toolName };
            if (part.input) yield { type: 'tool-call-delta', id, argumentsDelta: part.input };
          }
          started.delete(id);
          const call = { id, name: part.toolName, arguments: part.input };
          const parsed = parseToolArguments(part.input);
          yield parsed.parseError === undefined
            ? { type: 'tool-call-end', call, input: parsed.input }
            : { type: 'tool-call-end', call, input: undefined, parseError: parsed.parseError };
          break;
        }
        case 'error':
          // openai-compatible reports a missing finish as an error part; keep our wording.
          if (
            isAiSdkError(part.error, 'AI_InvalidResponseDataError') &&
            /without a finish/i.test((part.error as Error).message)
          ) {
            throw noFinishError(provider, (part.error as Error).message);
          }
          throw part.error;
        case 'response-metadata':
          responseId = part.id ?? responseId;
          responseModelId = part.modelId ?? responseModelId;
          break;
        case 'finish': {
          const usage = toUsage(part.usage);
          if (usage) yield { type: 'usage', usage };
          finished = true;
          yield {
            type: 'finish',
            reason: part.finishReason.unified,
            rawReason: part.finishReason.raw,
            ...(responseId ? { responseId } : {}),
            ...(responseModelId ? { responseModelId } : {}),
          };
          return;
        }
        default:
          break;
      }
    }
    if (!finished) throw noFinishError(provider);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Also after a finish: releases the connection if the provider keeps it open.
    reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
