import type pg from 'pg';

/** The Postgres schema holding kodama's own tables (DBOS keeps its own in `dbos`). */
export const SCHEMA = 'kodama';

/**
 * Versioned migrations, applied in order, each once, in one transaction with
 * the version row. Never edit a released entry: add the next one.
 */
const MIGRATIONS: readonly (readonly string[])[] = [
  // 1: the event log of durable runs, and the worker heartbeats.
  [
    `CREATE TABLE ${SCHEMA}.run_events (
       run_id text NOT NULL,
       seq integer NOT NULL,
       sub integer NOT NULL,
       event jsonb NOT NULL,
       PRIMARY KEY (run_id, seq, sub)
     )`,
    `CREATE TABLE ${SCHEMA}.workers (
       executor_id text PRIMARY KEY,
       app_version text NOT NULL,
       queue text,
       started_at timestamptz NOT NULL DEFAULT now(),
       heartbeat_at timestamptz NOT NULL DEFAULT now()
     )`,
  ],
  // 2: sessions (the Postgres SessionStore).
  [
    `CREATE TABLE ${SCHEMA}.sessions (
       id text PRIMARY KEY,
       title text,
       model text,
       created_at double precision NOT NULL,
       updated_at double precision NOT NULL
     )`,
    `CREATE INDEX sessions_by_activity ON ${SCHEMA}.sessions (updated_at DESC, id)`,
    `CREATE TABLE ${SCHEMA}.session_messages (
       session_id text NOT NULL,
       seq integer NOT NULL,
       body text NOT NULL,
       PRIMARY KEY (session_id, seq)
     )`,
    `CREATE TABLE ${SCHEMA}.session_runs (
       seq bigserial PRIMARY KEY,
       session_id text NOT NULL,
       run_id text NOT NULL,
       outcome text NOT NULL,
       started_at double precision NOT NULL,
       ended_at double precision NOT NULL,
       usage text NOT NULL,
       error text
     )`,
    `CREATE INDEX session_runs_by_session ON ${SCHEMA}.session_runs (session_id, seq)`,
  ],
  // 3: when each event was written (ms since the epoch), for the inspector's latencies.
  [
    `ALTER TABLE ${SCHEMA}.run_events ADD COLUMN recorded_at double precision NOT NULL
       DEFAULT (extract(epoch from clock_timestamp()) * 1000)`,
  ],
];

/** The newest schema version this code knows. */
export const SCHEMA_VERSION = MIGRATIONS.length;

// One advisory lock key for every process migrating this database at once.
const LOCK_KEY = 0x6b6f64616d61; // "kodama"

/**
 * Brings kodama's tables up to {@link SCHEMA_VERSION}. Safe to call from many
 * processes at once (an advisory lock serializes them).
 * @throws Error when the database holds a newer schema than this code knows.
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA}.migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query(`SELECT coalesce(max(version), 0) AS v FROM ${SCHEMA}.migrations`);
    const current = Number(rows[0].v);
    if (current > SCHEMA_VERSION) {
      throw new Error(
        `the database's kodama schema is version ${current}, newer than this kodama understands (${SCHEMA_VERSION}); upgrade kodama`,
      );
    }
    for (let v = current + 1; v <= SCHEMA_VERSION; v++) {
      for (const sql of MIGRATIONS[v - 1]!) await client.query(sql);
      await client.query(`INSERT INTO ${SCHEMA}.migrations (version) VALUES ($1)`, [v]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
