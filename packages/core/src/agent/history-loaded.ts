import type { HistoryLoadedEvent } from '../events/events.ts';
import { History } from '../history/history.ts';
import type { HistoryMessage } from '../history/history-message.ts';

/** The `history-loaded` event for restored messages: their count and the last assistant usage. */
export function historyLoadedEvent(agentId: string, messages: readonly HistoryMessage[]): HistoryLoadedEvent {
  let last: HistoryMessage | undefined;
  for (let i = messages.length - 1; i >= 0 && !last; i--) {
    const m = messages[i]!;
    if (m.message.role === 'assistant' && m.usage) last = m;
  }
  return {
    type: 'history-loaded',
    agentId,
    turnId: '',
    messages: messages.length,
    tokens: last?.usage
      ? {
          type: 'tokens',
          agentId,
          turnId: '',
          usage: last.usage,
          provider: '', // a stored message names its model, not its provider
          modelId: last.modelId ?? '',
          stopReason: 'stop',
        }
      : undefined,
  };
}

/** @throws TypeError when `value` is not a History (bytes must go through `History.parse` / `History.load`). */
export function requireHistory(value: unknown): asserts value is History {
  if (value instanceof History) return;
  throw new TypeError(
    'loadHistory expects a History; build one from stored bytes with History.parse(json) or await History.load(path)',
  );
}
