import { InMemoryArtifactStore } from '../artifacts/artifact-store.ts';
import { InvalidOptionError } from '../errors/invalid-option-error.ts';
import type { HistoryMessage } from '../history/history-message.ts';
import { type Clock, SYSTEM_CLOCK } from '../ids/clock.ts';
import { byActivity } from './by-activity.ts';
import { SessionExistsError, SessionNotFoundError, SessionStoreError } from './errors.ts';
import { KeyedLock } from './keyed-lock.ts';
import { readRunRecord, runRecordJson } from './run-record.ts';
import { checkSessionId } from './session-id.ts';
import { checkSessionMeta } from './session-meta.ts';
import type { RunRecord, SessionInfo, SessionMeta, SessionStore, StoredSession } from './session-store.ts';
import { sessionTitle } from './session-title.ts';
import { encodeStoredMessages, readStoredMessages } from './stored-messages.ts';

/** Options of {@link InMemorySessionStore}. */
export interface InMemorySessionStoreOptions {
  /** Where `createdAt` / `updatedAt` come from (default: the system clock). */
  readonly clock?: Clock;
}

interface Entry {
  readonly createdAt: number;
  updatedAt: number;
  title: string | undefined;
  model: string | undefined;
  /** Messages as their History v1 JSON, so a load checks and copies them as a file store would. */
  lines: string[];
  readonly runs: string[];
}

const NAME = 'in-memory session store';

/**
 * A {@link SessionStore} that lives as long as the process: for tests, and for
 * hosts that want resumable sessions only while they run. Messages are kept as
 * their History v1 JSON and checked on every load, so it behaves like the file
 * stores (what it returns is always a fresh copy, and what a file store would
 * refuse it refuses too).
 */
export class InMemorySessionStore implements SessionStore {
  readonly #sessions = new Map<string, Entry>();
  readonly #artifacts = new Map<string, InMemoryArtifactStore>();
  readonly #lock = new KeyedLock();
  readonly #clock: Clock;
  #closed = false;

  constructor(options: InMemorySessionStoreOptions = {}) {
    this.#clock = options.clock ?? SYSTEM_CLOCK;
  }

  async load(id: string): Promise<StoredSession | undefined> {
    checkSessionId(id);
    return this.#locked(id, async () => {
      const entry = this.#sessions.get(id);
      if (entry === undefined) return undefined;
      const messages = readStoredMessages(
        entry.lines.map((line) => JSON.parse(line)),
        `${NAME} (session ${id})`,
        (i) => i + 1,
      );
      return { info: info(id, entry), messages };
    });
  }

  async append(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    return this.#write(id, messages, meta, (entry, lines) => {
      for (const line of lines) entry.lines.push(line);
    });
  }

  async replace(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    return this.#write(id, messages, meta, (entry, lines) => {
      entry.lines = lines;
    });
  }

  async recordRun(record: RunRecord): Promise<void> {
    const checked = readRunRecord(record, (field, expected, value) => {
      throw new InvalidOptionError(field, expected, value);
    });
    return this.#locked(checked.sessionId, async () => {
      const entry = this.#sessions.get(checked.sessionId);
      if (entry === undefined) throw new SessionNotFoundError(checked.sessionId);
      entry.runs.push(JSON.stringify(runRecordJson(checked)));
      entry.updatedAt = this.#clock.now();
    });
  }

  async listRuns(id: string): Promise<RunRecord[]> {
    checkSessionId(id);
    return this.#locked(id, async () =>
      (this.#sessions.get(id)?.runs ?? []).map((text, i) =>
        readRunRecord(JSON.parse(text), (field, expected) => {
          throw new SessionStoreError(
            `${NAME} (session ${id})`,
            `run ${i + 1}: ${field} must be ${expected}`,
          );
        }),
      ),
    );
  }

  async list(): Promise<SessionInfo[]> {
    this.#checkOpen();
    return [...this.#sessions].map(([id, entry]) => info(id, entry)).sort(byActivity);
  }

  async delete(id: string): Promise<boolean> {
    checkSessionId(id);
    return this.#locked(id, async () => {
      this.#artifacts.delete(id);
      return this.#sessions.delete(id);
    });
  }

  /** The session's artifacts, in memory like its messages; removed by `delete`. */
  artifacts(id: string): InMemoryArtifactStore {
    checkSessionId(id);
    let store = this.#artifacts.get(id);
    if (!store) {
      store = new InMemoryArtifactStore();
      this.#artifacts.set(id, store);
    }
    return store;
  }

  async fork(id: string, newId: string): Promise<void> {
    checkSessionId(id);
    checkSessionId(newId, 'newId');
    this.#checkOpen();
    return this.#lock.runAll([id, newId], async () => {
      const source = this.#sessions.get(id);
      if (source === undefined) throw new SessionNotFoundError(id);
      if (this.#sessions.has(newId)) throw new SessionExistsError(newId);
      const now = this.#clock.now();
      this.#sessions.set(newId, {
        ...source,
        createdAt: now,
        updatedAt: now,
        lines: [...source.lines],
        runs: [],
      });
      // Its messages' refs keep reading in the fork.
      await this.#artifacts.get(id)?.copyTo(this.artifacts(newId));
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#lock.idle();
  }

  /** Stores `messages` into the session's entry (created when missing) with `store`, then applies `meta`. */
  #write(
    id: string,
    messages: readonly HistoryMessage[],
    meta: SessionMeta | undefined,
    store: (entry: Entry, lines: string[]) => void,
  ): Promise<void> {
    checkSessionId(id);
    const given = checkSessionMeta(meta);
    const lines = encodeStoredMessages(messages);
    return this.#locked(id, async () => {
      const entry = this.#entry(id);
      store(entry, lines);
      update(entry, given, messages, this.#clock.now());
    });
  }

  #entry(id: string): Entry {
    let entry = this.#sessions.get(id);
    if (entry === undefined) {
      const now = this.#clock.now();
      entry = { createdAt: now, updatedAt: now, title: undefined, model: undefined, lines: [], runs: [] };
      this.#sessions.set(id, entry);
    }
    return entry;
  }

  #checkOpen(): void {
    if (this.#closed) throw new SessionStoreError(NAME, 'the store is closed');
  }

  #locked<T>(id: string, task: () => Promise<T>): Promise<T> {
    this.#checkOpen();
    return this.#lock.run(id, task);
  }
}

function update(entry: Entry, meta: SessionMeta, messages: readonly HistoryMessage[], now: number): void {
  entry.title = meta.title ?? entry.title ?? sessionTitle(messages);
  entry.model = meta.model ?? entry.model;
  entry.updatedAt = now;
}

function info(id: string, entry: Entry): SessionInfo {
  const { title, model, createdAt, updatedAt } = entry;
  return { id, title, model, messageCount: entry.lines.length, createdAt, updatedAt };
}
