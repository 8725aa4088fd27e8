import type { ScriptedAnswer, ScriptedUsage } from '../script.ts';

/** A scripted tool call with its id assigned and its arguments as wire text. */
export interface ResolvedToolCall {
  /** The call's id; empty when the wire must carry none (scripted `id: null`). */
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** A scripted answer with every default filled in, ready to encode for a wire or a model stream. */
export interface ResolvedAnswer {
  readonly reasoning: string;
  readonly text: string;
  readonly toolCalls: readonly ResolvedToolCall[];
  /** Scripted usage, or the plausible default (see {@link defaultUsage}). */
  readonly usage: ScriptedUsage;
  readonly chunkSize: number;
  readonly chunkDelayMs: number;
  readonly latencyMs: number;
  /** The scripted wire finish reason override, when any. */
  readonly finishReason: string | undefined;
}

/** Default characters per streamed delta. */
export const DEFAULT_CHUNK_SIZE = 8;

/**
 * A plausible, deterministic usage for an answer that scripted none: about one
 * token per four characters of the request and of the answer, never random.
 */
export function defaultUsage(requestChars: number, answer: Omit<ResolvedAnswer, 'usage'>): ScriptedUsage {
  const answerChars =
    answer.reasoning.length +
    answer.text.length +
    answer.toolCalls.reduce((n, c) => n + c.name.length + c.arguments.length, 0);
  return {
    inputTokens: Math.max(1, Math.ceil(requestChars / 4)),
    outputTokens: Math.max(1, Math.ceil(answerChars / 4)),
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: Math.ceil(answer.reasoning.length / 4),
  };
}

/** What {@link resolveAnswer} needs besides the answer. */
export interface ResolveContext {
  /** Supplies ids for tool calls that scripted none. */
  readonly nextCallId: () => string;
  /** The id of a call scripted with `id: null`; empty (no id on the wire) when absent. */
  readonly missingCallId?: () => string;
  /** Request size in characters, for the default usage. */
  readonly requestChars: number;
}

/** Fills in an answer's defaults. */
export function resolveAnswer(answer: ScriptedAnswer, context: ResolveContext): ResolvedAnswer {
  const base = {
    reasoning: answer.reasoning ?? '',
    text: answer.text ?? '',
    toolCalls: (answer.toolCalls ?? []).map((call) => ({
      id: call.id === null ? (context.missingCallId?.() ?? '') : (call.id ?? context.nextCallId()),
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    })),
    chunkSize: answer.chunkSize ?? DEFAULT_CHUNK_SIZE,
    chunkDelayMs: answer.chunkDelayMs ?? 0,
    latencyMs: answer.latencyMs ?? 0,
    finishReason: answer.finishReason,
  };
  return { ...base, usage: answer.usage ?? defaultUsage(context.requestChars, base) };
}

/** A counter producing `call_1`, `call_2`, ... (one per server or model, so ids never repeat). */
export function callIdCounter(): () => string {
  let n = 0;
  return () => `call_${++n}`;
}
