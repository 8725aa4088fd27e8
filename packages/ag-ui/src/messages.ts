import type { Message } from '@ag-ui/core';
import { History, HistoryError } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';

/**
 * An AG-UI conversation split into what came before and the user's new
 * message; `input` is absent when the conversation ends with tool results
 * (the client answering a front-end tool call), which the model continues from.
 */
export type SplitMessages =
  | { readonly ok: true; readonly history: History; readonly input: string | undefined }
  | { readonly ok: false; readonly problem: string };

/**
 * Turns AG-UI messages into a kodama History plus the new user message (the
 * last one, which must be the user's, or a tool result: then every message is
 * history and there is no new input). User, assistant (with tool calls) and
 * tool messages carry over; system and developer messages do not (the
 * agent's own system prompt applies), nor reasoning or activity messages. The
 * result goes through `History.parse`, so a tool result without its call, or
 * any other broken sequence, is refused with the reason rather than sent on.
 */
export function historyFromAgUi(messages: readonly Message[]): SplitMessages {
  const last = messages.at(-1);
  if (last?.role !== 'user' && last?.role !== 'tool')
    return { ok: false, problem: 'the last message must be the user message to answer, or a tool result' };
  const before = last.role === 'user' ? messages.slice(0, -1) : messages;
  const toolNames = new Map<string, string>();
  const stored: HistoryMessage[] = [];
  for (const m of before) {
    if (m.role === 'user')
      stored.push({ id: m.id, kind: 'user', message: { role: 'user', content: text(m.content) } });
    else if (m.role === 'assistant') {
      const toolCalls = (m.toolCalls ?? []).map((c) => ({
        id: c.id,
        name: c.function.name,
        arguments: c.function.arguments,
      }));
      for (const c of toolCalls) toolNames.set(c.id, c.name);
      stored.push({
        id: m.id,
        kind: 'assistant',
        message: { role: 'assistant', text: m.content ?? '', toolCalls },
      });
    } else if (m.role === 'tool') {
      const toolName = toolNames.get(m.toolCallId) ?? 'unknown';
      stored.push({
        id: m.id,
        kind: 'tool',
        message: { role: 'tool', toolCallId: m.toolCallId, toolName, content: text(m.content) },
      });
    }
  }
  try {
    const history = History.parse(new History(stored).serialize());
    return { ok: true, history, input: last.role === 'user' ? text(last.content) : undefined };
  } catch (error) {
    if (!HistoryError.isInstance(error)) throw error;
    return { ok: false, problem: `the messages do not form a conversation: ${error.message}` };
  }
}

function text(content: string | readonly { type: string; text?: string }[] | undefined): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((p) => (p.type === 'text' ? (p.text ?? '') : `[${p.type}]`)).join('');
}
