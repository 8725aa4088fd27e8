import type { HistoryMessage } from '../history/history-message.ts';
import { checkSessionId } from './session-id.ts';
import type { SessionMeta, SessionStore } from './session-store.ts';

/**
 * Keeps one session in a store in step with a conversation, for a Run's
 * checkpoints (its start, every answered tool batch, its end): each
 * {@link SessionCheckpoint.save} appends only the messages that are new since
 * the last save, rewrites the session (`replace`) when the stored messages are
 * no longer the start of the conversation (a compaction replaced earlier
 * ones), and writes nothing when nothing changed. Messages are told apart by
 * id: a message whose id is already stored is taken as unchanged, which holds
 * for the agent's conversation (messages are never edited in place).
 */
export class SessionCheckpoint {
  readonly store: SessionStore;
  readonly sessionId: string;
  /** Ids of the stored messages, in order, as of the last successful write. */
  #stored: string[];
  /** Whether the session is known to exist (loaded, or written once). */
  #exists: boolean;
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * `stored` is what the store holds for the session now, as `load` returned
   * it (`undefined` when there is no session yet).
   */
  constructor(store: SessionStore, sessionId: string, stored: readonly HistoryMessage[] | undefined) {
    this.store = store;
    this.sessionId = checkSessionId(sessionId);
    this.#stored = (stored ?? []).map((m) => m.id);
    this.#exists = stored !== undefined;
  }

  /**
   * Persists `messages` (the whole conversation, oldest first). The first
   * save creates a missing session even when there are no messages yet.
   * Saves run one at a time in call order; one that fails leaves the
   * checkpoint as it was, so the next save writes what is still missing.
   * `meta` goes with the write (a save that would write nothing still writes
   * when `meta` names something).
   */
  save(messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    const ids = messages.map((m) => m.id);
    const next = this.#queue.then(() => this.#save(messages, ids, meta));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #save(
    messages: readonly HistoryMessage[],
    ids: string[],
    meta: SessionMeta | undefined,
  ): Promise<void> {
    const stored = this.#stored;
    const isPrefix = stored.length <= ids.length && stored.every((id, i) => id === ids[i]);
    if (!isPrefix) {
      await this.store.replace(this.sessionId, messages, meta);
    } else {
      const fresh = messages.slice(stored.length);
      const saysSomething = meta !== undefined && (meta.title !== undefined || meta.model !== undefined);
      if (fresh.length === 0 && this.#exists && !saysSomething) return;
      await this.store.append(this.sessionId, fresh, meta);
    }
    this.#stored = ids;
    this.#exists = true;
  }
}
