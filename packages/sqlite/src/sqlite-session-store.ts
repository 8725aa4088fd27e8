import { mkdir, open as openFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvalidOptionError, KodamaError } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import { type Clock, SYSTEM_CLOCK } from '@kodama/core/ids';
import {
  checkSessionId,
  checkSessionMeta,
  encodeStoredMessages,
  KeyedLock,
  type RunRecord,
  readRunRecord,
  readStoredMessages,
  runRecordJson,
  SESSION_ID_PATTERN,
  SessionExistsError,
  type SessionInfo,
  type SessionMeta,
  SessionNotFoundError,
  type SessionStore,
  SessionStoreError,
  type StoredSession,
  sessionTitle,
} from '@kodama/core/session';
import { type Client, createClient, type InStatement, type Row } from '@libsql/client';
import { databasePath } from './database-path.ts';
import { APPEND_MESSAGE, CREATE_SCHEMA, LIST_SESSIONS, SCHEMA_VERSION, UPSERT_SESSION } from './schema.ts';

/** Options of {@link SqliteSessionStore.open}. */
export interface SqliteSessionStoreOptions {
  /** `file:<path>` (created 0600 when missing) or `:memory:`. */
  readonly url: string;
  /** Where `createdAt` / `updatedAt` come from (default: the system clock). */
  readonly clock?: Clock;
  /** How long a write waits for another process's lock before failing (default 5000 ms). */
  readonly busyTimeoutMs?: number;
}

/**
 * A {@link SessionStore} in one SQLite database: tables `sessions`,
 * `messages` (one History v1 JSON row per message) and `runs`, in WAL mode
 * with `synchronous = FULL`, so every write is one transaction that is on
 * disk when it resolves, and readers never block the writer.
 *
 * Across processes SQLite's locking applies: several processes may read and
 * write one database (a write waits up to `busyTimeoutMs` for another's
 * lock), and each load sees one committed state. Within a process the
 * client is synchronous underneath: a long query holds the event loop.
 */
export class SqliteSessionStore implements SessionStore {
  /** The URL the store was opened with; errors name it. */
  readonly url: string;
  readonly #client: Client;
  readonly #clock: Clock;
  readonly #lock = new KeyedLock();
  #closed = false;

  private constructor(url: string, client: Client, clock: Clock) {
    this.url = url;
    this.#client = client;
    this.#clock = clock;
  }

  /**
   * Opens (creating when missing) the database and its schema. Rejects with
   * `InvalidOptionError` for a URL that is not `file:` or `:memory:`, and with
   * `SessionStoreError` when the database cannot be opened or was made by a
   * newer kodama.
   */
  static async open(options: SqliteSessionStoreOptions): Promise<SqliteSessionStore> {
    const { url, clock = SYSTEM_CLOCK, busyTimeoutMs = 5000 } = options;
    const path = databasePath(url);
    if (!Number.isInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
      throw new InvalidOptionError(
        'SqliteSessionStoreOptions.busyTimeoutMs',
        'a non-negative integer',
        busyTimeoutMs,
      );
    }
    // Sessions hold whatever the user and the tools saw: the file is made private
    // before SQLite creates it (its -wal and -shm files take the same mode).
    if (path !== undefined) await createPrivate(path, url);
    // One connection: the client runs statements synchronously, so more would
    // add nothing but per-connection pragmas to keep in step.
    const client = await guard(url, async () =>
      createClient({ url, concurrency: 1, timeout: busyTimeoutMs }),
    );
    try {
      await guard(url, async () => {
        await client.execute('PRAGMA journal_mode = WAL');
        await client.execute('PRAGMA synchronous = FULL');
        const version = Number((await client.execute('PRAGMA user_version')).rows[0]?.[0] ?? 0);
        if (version > SCHEMA_VERSION) {
          throw new SessionStoreError(
            url,
            `the database has schema version ${version}, newer than this kodama understands (${SCHEMA_VERSION})`,
          );
        }
        await client.batch(CREATE_SCHEMA, 'write');
      });
    } catch (error) {
      client.close();
      throw error;
    }
    return new SqliteSessionStore(url, client, clock);
  }

  async load(id: string): Promise<StoredSession | undefined> {
    checkSessionId(id);
    return this.#locked([id], async () => {
      const [session, messages] = await this.#client.batch(
        [
          { sql: 'SELECT title, model, created_at, updated_at FROM sessions WHERE id = ?', args: [id] },
          { sql: 'SELECT seq, body FROM messages WHERE session_id = ? ORDER BY seq', args: [id] },
        ],
        'read',
      );
      const row = session?.rows[0];
      if (row === undefined) return undefined;
      const rows = messages?.rows ?? [];
      const where = (i: number) => `session "${id}" message row seq ${rows[i]?.[0]}`;
      const raw = rows.map((r, i) => this.#parse(String(r[1]), where(i)));
      let list: HistoryMessage[];
      try {
        list = readStoredMessages(raw, this.url, (i) => i + 1);
      } catch (error) {
        if (!SessionStoreError.isInstance(error) || error.line === undefined) throw error;
        throw new SessionStoreError(this.url, `${where(error.line - 1)}: ${error.problem}`, { cause: error });
      }
      return { info: info(id, row, list.length), messages: list };
    });
  }

  async append(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    return this.#write(id, messages, meta, (bodies) =>
      bodies.map((body): InStatement => ({ sql: APPEND_MESSAGE, args: [id, body] })),
    );
  }

  async replace(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    return this.#write(id, messages, meta, (bodies) => [
      { sql: 'DELETE FROM messages WHERE session_id = ?', args: [id] },
      ...bodies.map(
        (body, seq): InStatement => ({
          sql: 'INSERT INTO messages (session_id, seq, body) VALUES (?, ?, ?)',
          args: [id, seq, body],
        }),
      ),
    ]);
  }

  async recordRun(record: RunRecord): Promise<void> {
    const checked = readRunRecord(record, (field, expected, value) => {
      throw new InvalidOptionError(field, expected, value);
    });
    const { runId, sessionId, outcome, startedAt, endedAt, error } = checked;
    const usage = JSON.stringify((runRecordJson(checked) as { usage: object }).usage);
    return this.#locked([sessionId], async () => {
      const [touched] = await this.#client.batch(
        [
          { sql: 'UPDATE sessions SET updated_at = ? WHERE id = ?', args: [this.#clock.now(), sessionId] },
          {
            sql: `INSERT INTO runs (session_id, run_id, outcome, started_at, ended_at, usage, error)
                  SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ?1)`,
            args: [sessionId, runId, outcome, startedAt, endedAt, usage, error ?? null],
          },
        ],
        'write',
      );
      if (touched?.rowsAffected === 0) throw new SessionNotFoundError(sessionId);
    });
  }

  async listRuns(id: string): Promise<RunRecord[]> {
    checkSessionId(id);
    return this.#locked([id], async () => {
      const { rows } = await this.#client.execute({
        sql: `SELECT seq, run_id, session_id, outcome, started_at, ended_at, usage, error
              FROM runs WHERE session_id = ? ORDER BY seq`,
        args: [id],
      });
      return rows.map((r) => {
        const at = `run row seq ${r.seq}`;
        const raw = {
          runId: r.run_id,
          sessionId: r.session_id,
          outcome: r.outcome,
          startedAt: r.started_at,
          endedAt: r.ended_at,
          usage: this.#parse(String(r.usage), at),
          ...(r.error === null ? {} : { error: r.error }),
        };
        return readRunRecord(raw, (field, expected) => {
          throw new SessionStoreError(this.url, `${at}: ${field} must be ${expected}`);
        });
      });
    });
  }

  async list(): Promise<SessionInfo[]> {
    this.#checkOpen();
    return guard(this.url, async () => {
      const { rows } = await this.#client.execute(LIST_SESSIONS);
      return rows
        .filter((r) => SESSION_ID_PATTERN.test(String(r.id)))
        .map((r) => info(String(r.id), r, Number(r.message_count)));
    });
  }

  async delete(id: string): Promise<boolean> {
    checkSessionId(id);
    return this.#locked([id], async () => {
      const results = await this.#client.batch(
        [
          { sql: 'DELETE FROM messages WHERE session_id = ?', args: [id] },
          { sql: 'DELETE FROM runs WHERE session_id = ?', args: [id] },
          { sql: 'DELETE FROM sessions WHERE id = ?', args: [id] },
        ],
        'write',
      );
      return (results[2]?.rowsAffected ?? 0) > 0;
    });
  }

  async fork(id: string, newId: string): Promise<void> {
    checkSessionId(id);
    checkSessionId(newId, 'newId');
    return this.#locked([id, newId], async () => {
      const now = this.#clock.now();
      let copied: number;
      try {
        const [session] = await this.#client.batch(
          [
            {
              sql: `INSERT INTO sessions (id, title, model, created_at, updated_at)
                    SELECT ?, title, model, ?, ? FROM sessions WHERE id = ?`,
              args: [newId, now, now, id],
            },
            {
              sql: 'INSERT INTO messages (session_id, seq, body) SELECT ?, seq, body FROM messages WHERE session_id = ?',
              args: [newId, id],
            },
          ],
          'write',
        );
        copied = session?.rowsAffected ?? 0;
      } catch (error) {
        const { code, extendedCode } = error as { code?: string; extendedCode?: string };
        if (`${code} ${extendedCode}`.includes('SQLITE_CONSTRAINT')) throw new SessionExistsError(newId);
        throw error;
      }
      if (copied === 0) throw new SessionNotFoundError(id);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#lock.idle();
    this.#client.close();
  }

  #parse(text: string, where: string): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SessionStoreError(this.url, `${where}: not valid JSON`, { cause: error });
    }
  }

  /**
   * One write transaction: the session row (created or updated, with the
   * title rule of {@link UPSERT_SESSION}), then the message statements.
   */
  #write(
    id: string,
    messages: readonly HistoryMessage[],
    meta: SessionMeta | undefined,
    statements: (bodies: string[]) => InStatement[],
  ): Promise<void> {
    checkSessionId(id);
    const { title, model } = checkSessionMeta(meta);
    const bodies = encodeStoredMessages(messages);
    const derived = sessionTitle(messages) ?? null;
    return this.#locked([id], async () => {
      const now = this.#clock.now();
      await this.#client.batch(
        [
          { sql: UPSERT_SESSION, args: [id, title ?? null, derived, model ?? null, now] },
          ...statements(bodies),
        ],
        'write',
      );
    });
  }

  #checkOpen(): void {
    if (this.#closed) throw new SessionStoreError(this.url, 'the store is closed');
  }

  #locked<T>(ids: readonly string[], task: () => Promise<T>): Promise<T> {
    this.#checkOpen();
    return this.#lock.runAll(ids, () => guard(this.url, task));
  }
}

function info(id: string, row: Row, messageCount: number): SessionInfo {
  return {
    id,
    title: row.title === null ? undefined : String(row.title),
    model: row.model === null ? undefined : String(row.model),
    messageCount,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Runs `task`, turning every error that is not already kodama's into a {@link SessionStoreError} naming the database. */
async function guard<T>(url: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (KodamaError.isInstance(error)) throw error;
    throw new SessionStoreError(url, error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

async function createPrivate(path: string, url: string): Promise<void> {
  try {
    // A missing folder is made private (0700), as the JSONL store makes its own; an existing one is left alone.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // 'a' creates a missing file and leaves an existing one (and its mode) alone.
    await (await openFile(path, 'a', 0o600)).close();
  } catch (error) {
    throw new SessionStoreError(url, `cannot open the database file (${(error as { code?: string }).code})`, {
      cause: error,
    });
  }
}
