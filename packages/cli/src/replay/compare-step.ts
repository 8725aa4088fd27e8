import type { AssistantMessage, ToolCall } from '@kodama/core';

/** How a replayed step differs from the recorded one; the first difference found, in this order. */
export interface Divergence {
  /** `tool`: other tools or another number of calls; `arguments`: the same tools, other arguments; `answer`: other text. */
  readonly kind: 'tool' | 'arguments' | 'answer';
  /** The recorded side, in a line (`bash {"command":"ls"}`, `answer "391"`). */
  readonly recorded: string;
  readonly replayed: string;
}

/** The step an answer took, as the comparison reads it. */
export type StepAnswer = Pick<AssistantMessage, 'text' | 'toolCalls'>;

/**
 * Where `replayed` differs from `recorded`, or `undefined` when it does not:
 * the tool calls by name and number first, then their arguments (as JSON
 * values: key order and spacing do not count; text that is not JSON is
 * compared as it is), then the text. Reasoning and call ids never count.
 */
export function divergence(recorded: StepAnswer, replayed: StepAnswer): Divergence | undefined {
  const names = (a: StepAnswer) => a.toolCalls.map((c) => c.name).join(',');
  if (names(recorded) !== names(replayed))
    return { kind: 'tool', recorded: stepLine(recorded), replayed: stepLine(replayed) };
  for (const [i, call] of recorded.toolCalls.entries()) {
    const other = replayed.toolCalls[i]!;
    if (!sameArguments(call.arguments, other.arguments))
      return { kind: 'arguments', recorded: callLine(call), replayed: callLine(other) };
  }
  if (recorded.text !== replayed.text)
    return { kind: 'answer', recorded: answerLine(recorded.text), replayed: answerLine(replayed.text) };
  return undefined;
}

/** A step in one line: its calls, or its answer. */
export function stepLine(answer: StepAnswer): string {
  if (answer.toolCalls.length === 0) return answerLine(answer.text);
  return answer.toolCalls.map(callLine).join('; ');
}

function callLine(call: ToolCall): string {
  return `${call.name} ${call.arguments}`;
}

function answerLine(text: string): string {
  return `answer ${JSON.stringify(text)}`;
}

function sameArguments(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return canonical(JSON.parse(a)) === canonical(JSON.parse(b));
  } catch {
    return false;
  }
}

/** JSON with object keys sorted, so two encodings of one value compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
