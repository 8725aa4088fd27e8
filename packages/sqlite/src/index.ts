/**
 * @kodama/sqlite: a SQLite session store behind core's `SessionStore`
 * interface, on libSQL's client (its native binary ships inside npm packages,
 * so installing needs no compiler).
 */
export { SqliteSessionStore, type SqliteSessionStoreOptions } from './sqlite-session-store.ts';
