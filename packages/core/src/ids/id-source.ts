import { randomUUID } from 'node:crypto';

/** What an id names: a Run, a turn, a stored message, or a tool call whose provider sent no id. */
export type IdKind = 'run' | 'turn' | 'message' | 'tool-call';

/**
 * Where a conversation's ids come from. The agent draws every turn id and
 * message id from one source, and hands it to the model (`StreamOptions.ids`)
 * for tool-call ids a provider left out, so a replaying step runner that
 * injects a recorded or seeded source reproduces the conversation byte for byte.
 *
 * Contract: `next` returns a string unique within the conversation for its kind;
 * it is called in the loop's order, never concurrently.
 */
export interface IdSource {
  next(kind: IdKind): string;
}

/** The default {@link IdSource}: random UUIDs (tool-call fallbacks as `call_<uuid>`). */
export const RANDOM_IDS: IdSource = Object.freeze({
  next: (kind: IdKind) => (kind === 'tool-call' ? `call_${randomUUID()}` : randomUUID()),
});

/**
 * A deterministic {@link IdSource}: `<prefix>turn-1`, `<prefix>message-1`,
 * `<prefix>tool-call-1`, ... counted per kind. For tests and replays.
 */
export function sequentialIds(prefix = ''): IdSource {
  const counts: Record<IdKind, number> = { run: 0, turn: 0, message: 0, 'tool-call': 0 };
  return { next: (kind) => `${prefix}${kind}-${++counts[kind]}` };
}
