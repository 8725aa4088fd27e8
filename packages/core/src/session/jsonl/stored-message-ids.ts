import { stat } from 'node:fs/promises';
import type { HistoryMessage } from '../../history/history-message.ts';
import { SessionStoreError } from '../errors.ts';
import { readStoredMessageIds } from './parse-session-file.ts';
import { readSessionBytes } from './session-file-io.ts';

interface Known {
  /** The file's size and modification time when `ids` was true of it. */
  readonly stamp: string;
  readonly ids: Set<string>;
}

/**
 * The message ids each session file holds, so an append can refuse a message
 * that is already stored: appended again, it would make a session that `load`
 * refuses ("messages[4].id repeats messages[1].id"). The ids of a file are
 * read once and kept with the file's size and mtime; a file another writer
 * changed is read again, so a long session is not read whole at every
 * checkpoint.
 */
export class StoredMessageIds {
  readonly #known = new Map<string, Known>();

  /**
   * Throws a {@link SessionStoreError} naming the file when a message of
   * `messages` is already stored in session `id`, or appears twice among them.
   */
  async refuseRepeats(id: string, path: string, messages: readonly HistoryMessage[]): Promise<void> {
    const stored = await this.#idsOf(id, path);
    const batch = new Set<string>();
    for (const { id: messageId } of messages) {
      if (stored.has(messageId))
        throw new SessionStoreError(
          path,
          `message ${JSON.stringify(messageId)} is already stored in session "${id}": append only the ` +
            'messages that are new since the last write (SessionCheckpoint does), or rewrite the session with replace',
        );
      if (batch.has(messageId))
        throw new SessionStoreError(
          path,
          `message ${JSON.stringify(messageId)} appears twice in one append to session "${id}": message ids are unique within a session`,
        );
      batch.add(messageId);
    }
  }

  /** Records that `messages` were appended to session `id` by this store. */
  async appended(id: string, path: string, messages: readonly HistoryMessage[]): Promise<void> {
    const known = this.#known.get(id);
    const stamp = await stampOf(path);
    if (known === undefined || stamp === undefined) return this.forget(id);
    for (const m of messages) known.ids.add(m.id);
    this.#known.set(id, { stamp, ids: known.ids });
  }

  /** Drops what is known of session `id` (after a replace, delete or fork). */
  forget(id: string): void {
    this.#known.delete(id);
  }

  async #idsOf(id: string, path: string): Promise<Set<string>> {
    const stamp = await stampOf(path);
    if (stamp === undefined) {
      // No file yet: the create path writes the first batch.
      this.#known.set(id, { stamp: '', ids: new Set() });
      return new Set();
    }
    const known = this.#known.get(id);
    if (known?.stamp === stamp) return known.ids;
    const bytes = await readSessionBytes(path);
    const ids = new Set<string>();
    if (bytes !== undefined)
      for (const stored of readStoredMessageIds(bytes, id, path))
        if (typeof stored === 'string') ids.add(stored);
    this.#known.set(id, { stamp, ids });
    return ids;
  }
}

/** The file's size and mtime, or `undefined` when it does not exist. */
async function stampOf(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path, { bigint: true });
    return `${info.size}:${info.mtimeNs}`;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw new SessionStoreError(path, `cannot read the session file (${String(error)})`, { cause: error });
  }
}
