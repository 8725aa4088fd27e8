/** The schema version this code creates and the newest it opens (`PRAGMA user_version`). */
export const SCHEMA_VERSION = 1;

/**
 * The tables. Messages are History v1 JSON, one row each, numbered from 0 per
 * session (`seq`), so a load is one ordered range scan of the primary key.
 * Runs are numbered by insertion (`seq`), which is their listing order. No
 * foreign keys: SQLite enforces them only per connection when asked, so
 * deletes remove a session's rows explicitly, in one transaction.
 */
export const CREATE_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS sessions (
     id TEXT PRIMARY KEY,
     title TEXT,
     model TEXT,
     created_at REAL NOT NULL,
     updated_at REAL NOT NULL
   )`,
  'CREATE INDEX IF NOT EXISTS sessions_by_activity ON sessions (updated_at DESC, id)',
  `CREATE TABLE IF NOT EXISTS messages (
     session_id TEXT NOT NULL,
     seq INTEGER NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (session_id, seq)
   )`,
  `CREATE TABLE IF NOT EXISTS runs (
     seq INTEGER PRIMARY KEY,
     session_id TEXT NOT NULL,
     run_id TEXT NOT NULL,
     outcome TEXT NOT NULL,
     started_at REAL NOT NULL,
     ended_at REAL NOT NULL,
     usage TEXT NOT NULL,
     error TEXT
   )`,
  'CREATE INDEX IF NOT EXISTS runs_by_session ON runs (session_id, seq)',
  `PRAGMA user_version = ${SCHEMA_VERSION}`,
];

/**
 * Creates or updates a session row. Parameters: ?1 id, ?2 the title the caller
 * gave (or null), ?3 the title derived from the messages written (or null),
 * ?4 the model given (or null), ?5 now. A given title wins; else the stored
 * one stays; else the derived one: "set once".
 */
export const UPSERT_SESSION = `
  INSERT INTO sessions (id, title, model, created_at, updated_at) VALUES (?1, coalesce(?2, ?3), ?4, ?5, ?5)
  ON CONFLICT (id) DO UPDATE SET
    title = coalesce(?2, sessions.title, ?3),
    model = coalesce(?4, sessions.model),
    updated_at = ?5`;

/** Appends one message after the session's last. Parameters: session id, body. */
export const APPEND_MESSAGE = `
  INSERT INTO messages (session_id, seq, body)
  VALUES (?1, (SELECT coalesce(max(seq), -1) + 1 FROM messages WHERE session_id = ?1), ?2)`;

/** The listing: one query, most recent activity first. */
export const LIST_SESSIONS = `
  SELECT s.id, s.title, s.model, s.created_at, s.updated_at,
         (SELECT count(*) FROM messages m WHERE m.session_id = s.id) AS message_count
  FROM sessions s
  ORDER BY s.updated_at DESC, s.id`;
