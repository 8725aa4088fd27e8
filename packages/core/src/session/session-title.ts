import type { HistoryMessage } from '../history/history-message.ts';

/** The longest derived title, in characters (code points), the ellipsis included. */
export const TITLE_MAX_LENGTH = 80;

/**
 * The title a session gets from its messages: the text of the first user
 * message that has any, with runs of whitespace made one space (a pasted
 * multi-line prompt stays one listing line), trimmed, and cut to
 * {@link TITLE_MAX_LENGTH} characters with `…`. `undefined` when no user
 * message has text (yet). Injected messages never name a session.
 */
export function sessionTitle(messages: readonly HistoryMessage[]): string | undefined {
  for (const m of messages) {
    if (m.kind !== 'user' || m.message.role !== 'user') continue;
    const content = m.message.content;
    const text =
      typeof content === 'string'
        ? content
        : content.map((p) => (p.type === 'text' ? p.text : ' ')).join(' ');
    const flat = text.replace(/\s+/g, ' ').trim();
    if (flat === '') continue;
    const chars = Array.from(flat);
    return chars.length <= TITLE_MAX_LENGTH
      ? flat
      : `${chars
          .slice(0, TITLE_MAX_LENGTH - 1)
          .join('')
          .trimEnd()}…`;
  }
  return undefined;
}
