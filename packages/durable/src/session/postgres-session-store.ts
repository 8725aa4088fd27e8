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
import pg from 'pg';
import { databaseUrl } from '../database-url.ts';
import { redact } from '../schema/database.ts';
import { migrate, SCHEMA } from '../schema/migrations.ts';

/** Options of {@link PostgresSessionStore.open}. */
export interface PostgresSessionStoreOptions {
  /** A `postgres://` URL; default `KODAMA_DATABASE_URL`. */
  readonly url?: string;
  /** Where `createdAt` / `updatedAt` come from (default: the system clock). */
  readonly clock?: Clock;
  /** Connections of the store's pool (default 4). */
  readonly poolSize?: number;
}

const T = {
  sessions: `${SCHEMA}.sessions`,
  messages: `${SCHEMA}.session_messages`,
  runs: `${SCHEMA}.session_runs`,
};

/** A set title wins; else the stored one; else the one derived from the messages ("set once"). */
const UPSERT_SESSION = `
  INSERT INTO ${T.sessions} (id, title, model, created_at, updated_at) VALUES ($1, coalesce($2, $3), $4, $5, $5)
  ON CONFLICT (id) DO UPDATE SET
    title = coalesce($2, ${T.sessions}.title, $3),
    model = coalesce($4, ${T.sessions}.model),
    updated_at = $5`;

/**
 * A {@link SessionStore} in PostgreSQL, beside the durable runs: tables
 * `kodama.sessions`, `kodama.session_messages` (one History v1 JSON row per
 * message, numbered per session) and `kodama.session_runs`, created and
 * versioned by kodama's migrations. Every write is one transaction; writes to
 * one session are serialized across processes and machines too (a
 * transaction-scoped advisory lock on the session id), so several workers may
 * share a session safely.
 */
export class PostgresSessionStore implements SessionStore {
  /** The database, password hidden; errors name it. */
  readonly url: string;
  readonly #pool: pg.Pool;
  readonly #clock: Clock;
  readonly #lock = new KeyedLock();
  #closed = false;

  private constructor(url: string, pool: pg.Pool, clock: Clock) {
    this.url = redact(url);
    this.#pool = pool;
    this.#clock = clock;
  }

  /**
   * Connects and brings kodama's tables up to date.
   * @throws DurableSetupError without a URL; SessionStoreError when the database does not answer or is newer.
   */
  static async open(options: PostgresSessionStoreOptions = {}): Promise<PostgresSessionStore> {
    const url = databaseUrl(options.url);
    const poolSize = options.poolSize ?? 4;
    if (!Number.isInteger(poolSize) || poolSize < 1) {
      throw new InvalidOptionError(
        'PostgresSessionStoreOptions.poolSize',
        'a whole number of 1 or more',
        poolSize,
      );
    }
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    pool.on('error', () => {});
    try {
      await guard(redact(url), () => migrate(pool));
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return new PostgresSessionStore(url, pool, options.clock ?? SYSTEM_CLOCK);
  }

  async load(id: string): Promise<StoredSession | undefined> {
    checkSessionId(id);
    return this.#locked([id], () =>
      this.#transaction(async (c) => {
        // One snapshot for both reads: a concurrent write is seen whole or not at all.
        await c.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        const session = await c.query(
          `SELECT title, model, created_at, updated_at FROM ${T.sessions} WHERE id = $1`,
          [id],
        );
        const row = session.rows[0];
        if (row === undefined) return undefined;
        const { rows } = await c.query<{ seq: number; body: string }>(
          `SELECT seq, body FROM ${T.messages} WHERE session_id = $1 ORDER BY seq`,
          [id],
        );
        const where = (i: number) => `session "${id}" message row seq ${rows[i]?.seq}`;
        const raw = rows.map((r, i) => this.#parse(r.body, where(i)));
        let list: HistoryMessage[];
        try {
          list = readStoredMessages(raw, this.url, (i) => i + 1);
        } catch (error) {
          if (!SessionStoreError.isInstance(error) || error.line === undefined) throw error;
          throw new SessionStoreError(this.url, `${where(error.line - 1)}: ${error.problem}`, {
            cause: error,
          });
        }
        return { info: info(id, row, list.length), messages: list };
      }),
    );
  }

  async append(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    return this.#write(id, messages, meta, async (c, bodies) => {
      await c.query(
        `INSERT INTO ${T.messages} (session_id, seq, body)
         SELECT $1, b.base + t.ord - 1, t.body
         FROM unnest($2::text[]) WITH ORDINALITY AS t(body, ord),
              (SELECT coalesce(max(seq), -1) + 1 AS base FROM ${T.messages} WHERE session_id = $1) b`,
        [id, bodies],
      );
    });
  }

  async replace(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    return this.#write(id, messages, meta, async (c, bodies) => {
      await c.query(`DELETE FROM ${T.messages} WHERE session_id = $1`, [id]);
      await c.query(
        `INSERT INTO ${T.messages} (session_id, seq, body)
         SELECT $1, t.ord - 1, t.body FROM unnest($2::text[]) WITH ORDINALITY AS t(body, ord)`,
        [id, bodies],
      );
    });
  }

  async recordRun(record: RunRecord): Promise<void> {
    const checked = readRunRecord(record, (field, expected, value) => {
      throw new InvalidOptionError(field, expected, value);
    });
    const { runId, sessionId, outcome, startedAt, endedAt, error } = checked;
    const usage = JSON.stringify((runRecordJson(checked) as { usage: object }).usage);
    return this.#locked([sessionId], () =>
      this.#transaction(async (c) => {
        await sessionLock(c, sessionId);
        const touched = await c.query(`UPDATE ${T.sessions} SET updated_at = $1 WHERE id = $2`, [
          this.#clock.now(),
          sessionId,
        ]);
        if (touched.rowCount === 0) throw new SessionNotFoundError(sessionId);
        await c.query(
          `INSERT INTO ${T.runs} (session_id, run_id, outcome, started_at, ended_at, usage, error)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [sessionId, runId, outcome, startedAt, endedAt, usage, error ?? null],
        );
      }),
    );
  }

  async listRuns(id: string): Promise<RunRecord[]> {
    checkSessionId(id);
    return this.#locked([id], async () => {
      const { rows } = await this.#pool.query(
        `SELECT seq, run_id, session_id, outcome, started_at, ended_at, usage, error
         FROM ${T.runs} WHERE session_id = $1 ORDER BY seq`,
        [id],
      );
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
      const { rows } = await this.#pool.query(
        `SELECT s.id, s.title, s.model, s.created_at, s.updated_at,
                (SELECT count(*) FROM ${T.messages} m WHERE m.session_id = s.id)::int AS message_count
         FROM ${T.sessions} s ORDER BY s.updated_at DESC, s.id`,
      );
      return rows
        .filter((r) => SESSION_ID_PATTERN.test(String(r.id)))
        .map((r) => info(String(r.id), r, Number(r.message_count)));
    });
  }

  async delete(id: string): Promise<boolean> {
    checkSessionId(id);
    return this.#locked([id], () =>
      this.#transaction(async (c) => {
        await sessionLock(c, id);
        await c.query(`DELETE FROM ${T.messages} WHERE session_id = $1`, [id]);
        await c.query(`DELETE FROM ${T.runs} WHERE session_id = $1`, [id]);
        const gone = await c.query(`DELETE FROM ${T.sessions} WHERE id = $1`, [id]);
        return (gone.rowCount ?? 0) > 0;
      }),
    );
  }

  async fork(id: string, newId: string): Promise<void> {
    checkSessionId(id);
    checkSessionId(newId, 'newId');
    return this.#locked([id, newId], () =>
      this.#transaction(async (c) => {
        await sessionLock(c, id);
        await sessionLock(c, newId);
        const now = this.#clock.now();
        let copied: number;
        try {
          const session = await c.query(
            `INSERT INTO ${T.sessions} (id, title, model, created_at, updated_at)
             SELECT $1, title, model, $2, $2 FROM ${T.sessions} WHERE id = $3`,
            [newId, now, id],
          );
          copied = session.rowCount ?? 0;
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw new SessionExistsError(newId);
          throw error;
        }
        if (copied === 0) throw new SessionNotFoundError(id);
        await c.query(
          `INSERT INTO ${T.messages} (session_id, seq, body) SELECT $1, seq, body FROM ${T.messages} WHERE session_id = $2`,
          [newId, id],
        );
      }),
    );
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#lock.idle();
    await this.#pool.end();
  }

  #parse(text: string, where: string): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SessionStoreError(this.url, `${where}: not valid JSON`, { cause: error });
    }
  }

  /** One write transaction under the session's lock: the session row (title rule above), then the messages. */
  #write(
    id: string,
    messages: readonly HistoryMessage[],
    meta: SessionMeta | undefined,
    statements: (c: pg.PoolClient, bodies: string[]) => Promise<void>,
  ): Promise<void> {
    checkSessionId(id);
    const { title, model } = checkSessionMeta(meta);
    const bodies = encodeStoredMessages(messages);
    const derived = sessionTitle(messages) ?? null;
    return this.#locked([id], () =>
      this.#transaction(async (c) => {
        await sessionLock(c, id);
        await c.query(UPSERT_SESSION, [id, title ?? null, derived, model ?? null, this.#clock.now()]);
        await statements(c, bodies);
      }),
    );
  }

  async #transaction<R>(work: (c: pg.PoolClient) => Promise<R>): Promise<R> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  #checkOpen(): void {
    if (this.#closed) throw new SessionStoreError(this.url, 'the store is closed');
  }

  #locked<R>(ids: readonly string[], task: () => Promise<R>): Promise<R> {
    this.#checkOpen();
    return this.#lock.runAll(ids, () => guard(this.url, task));
  }
}

/** Serializes writers of one session across every process on the database, until the transaction ends. */
async function sessionLock(c: pg.PoolClient, id: string): Promise<void> {
  await c.query(`SELECT pg_advisory_xact_lock(hashtextextended('kodama.session:' || $1, 0))`, [id]);
}

function info(id: string, row: Record<string, unknown>, messageCount: number): SessionInfo {
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
