import type { Usage } from '@kodama/core';
import type { ModelStreamPart, StopReason } from '@kodama/core/model';
import type { ScriptedUsage } from '../script.ts';
import type { ResolvedAnswer } from '../shared/resolve-answer.ts';
import { splitText } from '../shared/split-text.ts';

/** Maps a scripted wire finish reason (either provider's spelling) to kodama's StopReason. */
export function toStopReason(raw: string): StopReason {
  switch (raw) {
    case 'stop':
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_calls':
    case 'tool_use':
    case 'tool-calls':
      return 'tool-calls';
    case 'length':
    case 'max_tokens':
      return 'length';
    case 'content_filter':
    case 'content-filter':
    case 'refusal':
      return 'content-filter';
    case 'error':
      return 'error';
    default:
      return 'other';
  }
}

/** kodama's Usage from a scripted one; what the script left out stays undefined. */
export function toUsage(usage: ScriptedUsage): Usage {
  return {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    cacheReadTokens: usage.cacheReadTokens,
    cacheWriteTokens: usage.cacheWriteTokens,
    reasoningTokens: usage.reasoningTokens,
  };
}

function parseArguments(text: string): { input: unknown; parseError?: string } {
  try {
    return { input: JSON.parse(text) };
  } catch (error) {
    return { input: undefined, parseError: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The parts an answer streams, split like the wire (chunkSize): reasoning,
 * text, then each tool call's start / argument deltas / end. `usage` and
 * `finish` come apart in {@link closingParts} so faults can drop them.
 */
export function contentParts(answer: ResolvedAnswer): ModelStreamPart[] {
  const parts: ModelStreamPart[] = [];
  for (const text of splitText(answer.reasoning, answer.chunkSize))
    parts.push({ type: 'reasoning-delta', text });
  for (const text of splitText(answer.text, answer.chunkSize)) parts.push({ type: 'text-delta', text });
  for (const call of answer.toolCalls) {
    parts.push({ type: 'tool-call-start', id: call.id, name: call.name });
    for (const argumentsDelta of splitText(call.arguments, answer.chunkSize)) {
      parts.push({ type: 'tool-call-delta', id: call.id, argumentsDelta });
    }
    const { input, parseError } = parseArguments(call.arguments);
    parts.push({
      type: 'tool-call-end',
      call: { id: call.id, name: call.name, arguments: call.arguments },
      input,
      ...(parseError === undefined ? {} : { parseError }),
    });
  }
  return parts;
}

/** The usage and finish parts that close a complete answer. */
export function closingParts(answer: ResolvedAnswer): ModelStreamPart[] {
  const usage: ModelStreamPart = { type: 'usage', usage: toUsage(answer.usage) };
  if (answer.finishReason !== undefined) {
    return [
      usage,
      { type: 'finish', reason: toStopReason(answer.finishReason), rawReason: answer.finishReason },
    ];
  }
  return [usage, { type: 'finish', reason: answer.toolCalls.length > 0 ? 'tool-calls' : 'stop' }];
}
