import { type IdSource, RANDOM_IDS } from '../ids/id-source.ts';
import type { ToolResultMessage } from '../messages/message.ts';
import type { HistoryMessage } from './history-message.ts';

/**
 * The observation synthesized for a tool call whose result never arrived (the
 * process died or the turn unwound mid-batch). Generic on purpose: on load
 * nothing tells why the result is missing.
 */
export const INTERRUPTED_RESULT = '[Interrupted — this tool call never returned a result]';

/**
 * Answers every tool call that has no result in the run of tool messages right
 * after its assistant message, with {@link INTERRUPTED_RESULT}. Synthesized
 * results go after the batch's existing results, in the model's call order.
 * Returns the input array itself when nothing is missing. New message ids come from `ids`.
 */
export function repairInterruptedToolCalls(
  messages: readonly HistoryMessage[],
  ids: IdSource = RANDOM_IDS,
): readonly HistoryMessage[] {
  let out: HistoryMessage[] | undefined;
  let i = 0;
  while (i < messages.length) {
    const current = messages[i]!;
    i++;
    out?.push(current);
    const assistant = current.message;
    if (assistant.role !== 'assistant' || assistant.toolCalls.length === 0) continue;
    const answered = new Set<string>();
    while (i < messages.length && messages[i]!.message.role === 'tool') {
      const result = messages[i]!;
      answered.add((result.message as ToolResultMessage).toolCallId);
      out?.push(result);
      i++;
    }
    for (const call of assistant.toolCalls) {
      if (answered.has(call.id)) continue;
      answered.add(call.id);
      out ??= messages.slice(0, i);
      out.push({
        id: ids.next('message'),
        kind: 'tool',
        message: { role: 'tool', toolCallId: call.id, toolName: call.name, content: INTERRUPTED_RESULT },
      });
    }
  }
  return out ?? messages;
}
