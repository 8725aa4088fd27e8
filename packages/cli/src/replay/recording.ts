import type { AssistantMessage, ModelMessage, Usage } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';

/** One recorded model step: the conversation its request carried and the answer that came back. */
export interface RecordedStep {
  /** 1-based: the user turn the step belongs to. */
  readonly turn: number;
  /** 1-based, within its turn. */
  readonly step: number;
  /** The messages before the answer, as recorded (tool results included: they are what stays frozen). */
  readonly conversation: readonly ModelMessage[];
  readonly answer: AssistantMessage;
  readonly usage: Usage | undefined;
}

/**
 * The model steps of a stored session, in order: every assistant message is
 * one, asked with everything stored before it. A turn starts at each message
 * a person typed (`kind: 'user'`); injected messages and tool results stay
 * in the conversation of the steps after them.
 */
export function recordedSteps(messages: readonly HistoryMessage[]): RecordedStep[] {
  const steps: RecordedStep[] = [];
  let turn = 0;
  let step = 0;
  for (const [i, entry] of messages.entries()) {
    if (entry.kind === 'user') {
      turn += 1;
      step = 0;
    }
    const message = entry.message;
    if (message.role !== 'assistant') continue;
    step += 1;
    steps.push({
      turn: Math.max(turn, 1),
      step,
      conversation: messages.slice(0, i).map((m) => m.message),
      answer: message,
      usage: entry.usage,
    });
  }
  return steps;
}

/** The names of the tools a recording called, first called first. */
export function calledTools(steps: readonly RecordedStep[]): string[] {
  return [...new Set(steps.flatMap((s) => s.answer.toolCalls.map((c) => c.name)))];
}
