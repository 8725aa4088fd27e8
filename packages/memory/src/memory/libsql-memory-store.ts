import type { Embedder } from '@kodama/core/model';
import type { MemoryDatabase } from '../db/memory-database.ts';
import { embedderName, HybridIndex } from '../search/hybrid-index.ts';
import type { IndexedItem } from '../search/search-hit.ts';
import type { MemoryChange, MemoryEvent, MemoryHit, MemoryRecord, MemoryStore } from './memory-store.ts';

const HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS memory_history (
  seq INTEGER PRIMARY KEY,
  space TEXT NOT NULL,
  user_id TEXT NOT NULL,
  memory_id TEXT NOT NULL,
  event TEXT NOT NULL,
  before TEXT,
  after TEXT,
  at REAL NOT NULL,
  source TEXT NOT NULL
)`;
const HISTORY_INDEX =
  'CREATE INDEX IF NOT EXISTS memory_history_by_user ON memory_history (space, user_id, seq)';

/** Options of {@link LibsqlMemoryStore.open}. */
export interface LibsqlMemoryStoreOptions {
  readonly db: MemoryDatabase;
  /** Adds vectors to memories (hybrid search); without one, search is BM25 alone. */
  readonly embedder?: Embedder;
  /** The space's name (default `memory`), to keep several stores in one file. */
  readonly space?: string;
  /** Where `createdAt` / `at` come from (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * The embedded {@link MemoryStore}: memories in a {@link HybridIndex} space
 * of a {@link MemoryDatabase} (FTS5, and vectors when an embedder is given),
 * grouped by user id, with every change in `memory_history`. Each change and
 * its history row are one transaction.
 */
export class LibsqlMemoryStore implements MemoryStore {
  readonly #db: MemoryDatabase;
  readonly #index: HybridIndex;
  readonly #embedder: Embedder | undefined;
  readonly #now: () => number;

  private constructor(db: MemoryDatabase, index: HybridIndex, options: LibsqlMemoryStoreOptions) {
    this.#db = db;
    this.#index = index;
    this.#embedder = options.embedder;
    this.#now = options.now ?? Date.now;
  }

  /** Opens the store's space, creating its tables when missing. */
  static async open(options: LibsqlMemoryStoreOptions): Promise<LibsqlMemoryStore> {
    await options.db.batch([HISTORY_TABLE, HISTORY_INDEX]);
    const index = await HybridIndex.open(options.db, options.space ?? 'memory');
    return new LibsqlMemoryStore(options.db, index, options);
  }

  async add(userId: string, text: string, source: string): Promise<MemoryRecord> {
    const fact = checkText(text);
    const vector = await this.#embed(fact);
    const now = this.#now();
    return this.#db.transaction(async (tx) => {
      const meta = { createdAt: now, updatedAt: now, source };
      const [rowId] = await this.#index.addIn(
        tx,
        [{ group: userId, text: fact, meta, ...(vector ? { vector } : {}) }],
        this.#model(),
      );
      const id = `m${rowId}`;
      await tx.execute(this.#historyRow(userId, id, 'ADD', undefined, fact, now, source));
      return { id, userId, text: fact, createdAt: now, updatedAt: now, source };
    });
  }

  async update(userId: string, id: string, text: string, source: string): Promise<MemoryRecord | undefined> {
    const rowId = parseId(id);
    if (rowId === undefined) return undefined;
    const old = (await this.#index.get([rowId])).get(rowId);
    if (old === undefined || old.group !== userId) return undefined;
    const fact = checkText(text);
    const vector = await this.#embed(fact);
    const now = this.#now();
    const meta = { ...old.meta, updatedAt: now, source };
    await this.#db.transaction(async (tx) => {
      await this.#index.updateIn(
        tx,
        rowId,
        { text: fact, meta, ...(vector ? { vector } : {}) },
        this.#model(),
      );
      await tx.execute(this.#historyRow(userId, id, 'UPDATE', old.text, fact, now, source));
    });
    return record({ ...old, text: fact, meta });
  }

  async remove(userId: string, id: string, source: string): Promise<boolean> {
    const rowId = parseId(id);
    if (rowId === undefined) return false;
    const old = (await this.#index.get([rowId])).get(rowId);
    if (old === undefined || old.group !== userId) return false;
    await this.#db.batch([
      this.#index.deleteStatement(rowId),
      this.#historyRow(userId, id, 'DELETE', old.text, undefined, this.#now(), source),
    ]);
    return true;
  }

  async list(userId: string): Promise<MemoryRecord[]> {
    return (await this.#index.list(userId)).map(record);
  }

  async search(
    userId: string,
    query: string,
    k: number,
    options: { signal?: AbortSignal } = {},
  ): Promise<MemoryHit[]> {
    const vector =
      this.#index.dimensions === undefined ? undefined : await this.#embed(query, options.signal);
    const hits = await this.#index.search({ query, k, group: userId, ...(vector ? { vector } : {}) });
    return hits.map((hit) => ({ ...record(hit), score: hit.score }));
  }

  async history(userId: string, id?: string): Promise<MemoryChange[]> {
    const { rows } = await this.#db.execute({
      sql: `SELECT memory_id, event, before, after, at, source FROM memory_history
            WHERE space = ? AND user_id = ? ${id === undefined ? '' : 'AND memory_id = ?'} ORDER BY seq`,
      args: id === undefined ? [this.#index.name, userId] : [this.#index.name, userId, id],
    });
    return rows.map((r) => ({
      memoryId: String(r.memory_id),
      userId,
      event: String(r.event) as MemoryEvent,
      ...(r.before === null ? {} : { before: String(r.before) }),
      ...(r.after === null ? {} : { after: String(r.after) }),
      at: Number(r.at),
      source: String(r.source),
    }));
  }

  #model(): string | undefined {
    return this.#embedder ? embedderName(this.#embedder) : undefined;
  }

  async #embed(text: string, signal?: AbortSignal): Promise<Float32Array | undefined> {
    if (!this.#embedder) return undefined;
    this.#index.checkEmbedder(embedderName(this.#embedder), this.#embedder.dimensions);
    return (await this.#embedder.embed([text], { signal }))[0];
  }

  #historyRow(
    userId: string,
    id: string,
    event: MemoryEvent,
    before: string | undefined,
    after: string | undefined,
    at: number,
    source: string,
  ) {
    return {
      sql: `INSERT INTO memory_history (space, user_id, memory_id, event, before, after, at, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [this.#index.name, userId, id, event, before ?? null, after ?? null, at, source],
    };
  }
}

/** A memory's text: trimmed, one to 1,000 characters. */
function checkText(text: string): string {
  const fact = typeof text === 'string' ? text.trim() : '';
  if (fact === '' || fact.length > 1000)
    throw new RangeError(`a memory must be 1-1000 characters, got ${fact.length}`);
  return fact;
}

function parseId(id: string): number | undefined {
  const match = /^m([1-9]\d*)$/.exec(id.trim());
  return match ? Number(match[1]) : undefined;
}

function record(item: IndexedItem): MemoryRecord {
  const { createdAt, updatedAt, source } = item.meta as {
    createdAt?: number;
    updatedAt?: number;
    source?: string;
  };
  return {
    id: `m${item.id}`,
    userId: item.group,
    text: item.text,
    createdAt: createdAt ?? 0,
    updatedAt: updatedAt ?? createdAt ?? 0,
    source: source ?? '',
  };
}
