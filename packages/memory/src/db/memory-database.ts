import { mkdir, open as openFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { KodamaError } from '@kodama/core';
import {
  type Client,
  createClient,
  type InStatement,
  type ResultSet,
  type Transaction,
} from '@libsql/client';
import { databasePath } from './database-url.ts';
import { MemoryStoreError } from './memory-store-error.ts';

/** The layout version this code creates and the newest it opens (table `memory_meta`). */
export const MEMORY_SCHEMA_VERSION = 1;

/** Options of {@link MemoryDatabase.open}. */
export interface MemoryDatabaseOptions {
  /** `file:<path>` (created 0600 when missing, its missing folders 0700) or `:memory:`. */
  readonly url: string;
  /** How long a write waits for another process's lock before failing (default 5000 ms). */
  readonly busyTimeoutMs?: number;
}

// The version lives in a table of its own, not in `PRAGMA user_version`, so
// memory and corpus tables can share a file with the session store's.
const META = [
  'CREATE TABLE IF NOT EXISTS memory_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  `CREATE TABLE IF NOT EXISTS memory_spaces (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL UNIQUE,
     embed_model TEXT,
     dimensions INTEGER,
     created_at REAL NOT NULL
   )`,
];

/**
 * One libSQL database holding memory and corpus indexes ("spaces"), in WAL
 * mode. The handle every store of this package shares: open it once, pass it
 * to {@link HybridIndex}, `Corpus` and `LibsqlMemoryStore`, close it last.
 *
 * `synchronous = NORMAL`: in WAL mode a crash of the process loses nothing;
 * a power cut may lose the last commits. Indexes can be rebuilt from their
 * files, and a memory lost that way is one sentence.
 */
export class MemoryDatabase {
  /** The URL the database was opened with; errors name it. */
  readonly url: string;
  readonly #client: Client;
  #closed = false;

  private constructor(url: string, client: Client) {
    this.url = url;
    this.#client = client;
  }

  /**
   * Opens (creating when missing) the database.
   * @throws InvalidOptionError for a URL that is not `file:` or `:memory:`;
   *   MemoryStoreError when it cannot be opened or was made by a newer kodama.
   */
  static async open(options: MemoryDatabaseOptions): Promise<MemoryDatabase> {
    const { url, busyTimeoutMs = 5000 } = options;
    const path = databasePath(url, 'MemoryDatabaseOptions.url');
    if (path !== undefined) {
      try {
        // Memories are private: a missing folder is made 0700 and the file 0600 before SQLite creates it.
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await (await openFile(path, 'a', 0o600)).close();
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new MemoryStoreError(url, `cannot open the database file (${code})`, { cause: error });
      }
    }
    const client = createClient({ url, concurrency: 1, timeout: busyTimeoutMs });
    const db = new MemoryDatabase(url, client);
    try {
      await db.run(async () => {
        await client.execute('PRAGMA journal_mode = WAL');
        await client.execute('PRAGMA synchronous = NORMAL');
        // 64 MB of page cache (the default is 2 MB): the ANN index reads its graph through it.
        await client.execute('PRAGMA cache_size = -65536');
        await client.batch(META, 'write');
        const row = (await client.execute("SELECT value FROM memory_meta WHERE key = 'schema'")).rows[0];
        const version = row === undefined ? 0 : Number(row.value);
        if (version > MEMORY_SCHEMA_VERSION) {
          throw new MemoryStoreError(
            url,
            `its layout version is ${version}, newer than this kodama understands (${MEMORY_SCHEMA_VERSION}); upgrade kodama`,
          );
        }
        await client.execute({
          sql: "INSERT OR REPLACE INTO memory_meta (key, value) VALUES ('schema', ?)",
          args: [String(MEMORY_SCHEMA_VERSION)],
        });
      });
    } catch (error) {
      client.close();
      throw error;
    }
    return db;
  }

  /** One statement. */
  execute(statement: InStatement): Promise<ResultSet> {
    return this.run(() => this.#client.execute(statement));
  }

  /** Several statements in one transaction (`deferred`: locks taken as statements need them). */
  batch(statements: InStatement[], mode: 'read' | 'write' | 'deferred' = 'write'): Promise<ResultSet[]> {
    return this.run(() => this.#client.batch(statements, mode));
  }

  /** Runs `task` in one write transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(task: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.run(async () => {
      const tx = await this.#client.transaction('write');
      try {
        const result = await task(tx);
        await tx.commit();
        return result;
      } finally {
        tx.close();
      }
    });
  }

  /** A setting kept in the database (e.g. the embedding target an index was built with), or `undefined`. */
  async getSetting(key: string): Promise<string | undefined> {
    const row = (
      await this.execute({ sql: 'SELECT value FROM memory_meta WHERE key = ?', args: [`setting:${key}`] })
    ).rows[0];
    return row === undefined ? undefined : String(row.value);
  }

  /** Keeps a setting in the database. */
  async setSetting(key: string, value: string): Promise<void> {
    await this.execute({
      sql: 'INSERT OR REPLACE INTO memory_meta (key, value) VALUES (?, ?)',
      args: [`setting:${key}`, value],
    });
  }

  /** Closes the connection (idempotent). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#client.close();
  }

  /** Runs `task`, turning every error that is not already kodama's into a {@link MemoryStoreError}. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#closed) throw new MemoryStoreError(this.url, 'the database is closed');
    try {
      return await task();
    } catch (error) {
      if (KodamaError.isInstance(error)) throw error;
      throw new MemoryStoreError(this.url, error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }
}
