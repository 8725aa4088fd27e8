import { type Embedder, EmbeddingDimensionError } from '@kodama/core/model';
import type { InStatement, Row, Transaction } from '@libsql/client';
import type { MemoryDatabase } from '../db/memory-database.ts';
import { MemoryStoreError } from '../db/memory-store-error.ts';
import { vectorBlob } from '../db/vector-blob.ts';
import { ftsQuery, queryWords } from './fts-query.ts';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.ts';
import type { IndexedItem, SearchHit } from './search-hit.ts';
import { createTextTables, createVectorTables, type SpaceTables, spaceTables } from './space-tables.ts';
import { weightedWords } from './weighted-words.ts';

/** One item to add to a {@link HybridIndex}. */
export interface NewItem {
  readonly group: string;
  readonly title?: string;
  readonly text: string;
  readonly meta?: Record<string, unknown>;
  /** Its embedding, when the index has an embedder. */
  readonly vector?: Float32Array;
}

/** What {@link HybridIndex.search} takes. */
export interface SearchRequest {
  /** The words for the BM25 leg (also what was embedded for `vector`). */
  readonly query: string;
  /** The query's embedding: adds the vector leg. */
  readonly vector?: Float32Array;
  /** How many hits (default 10). */
  readonly k?: number;
  /** Only items of this group (a user's memories). */
  readonly group?: string;
}

/** `provider:model`, the name an index records for the embedder that built its vectors. */
export function embedderName(embedder: Pick<Embedder, 'provider' | 'modelId'>): string {
  return `${embedder.provider}:${embedder.modelId}`;
}

/**
 * A named space of a {@link MemoryDatabase}: rows with a group, a title, a
 * text and metadata; an FTS5 index over title and text; and, once vectors
 * arrive, a vector column with an approximate-nearest-neighbour index. The
 * first vectors fix the space's embedding model and dimension; vectors from
 * another model are refused ({@link EmbeddingDimensionError} for another
 * length, `MemoryStoreError` for another model of the same length).
 *
 * Search fuses BM25 and cosine similarity by reciprocal rank.
 */
export class HybridIndex {
  readonly db: MemoryDatabase;
  /** The space's name, e.g. `corpus:/home/me/project` or `memory`. */
  readonly name: string;
  readonly #tables: SpaceTables;
  #embedModel: string | undefined;
  #dimensions: number | undefined;

  private constructor(db: MemoryDatabase, name: string, id: number, model?: string, dims?: number) {
    this.db = db;
    this.name = name;
    this.#tables = spaceTables(id);
    this.#embedModel = model;
    this.#dimensions = dims;
  }

  /** Opens the space `name`, creating it (and its tables) when missing. */
  static async open(db: MemoryDatabase, name: string): Promise<HybridIndex> {
    await db.execute({
      sql: 'INSERT OR IGNORE INTO memory_spaces (name, created_at) VALUES (?, ?)',
      args: [name, Date.now()],
    });
    const row = (
      await db.execute({
        sql: 'SELECT id, embed_model, dimensions FROM memory_spaces WHERE name = ?',
        args: [name],
      })
    ).rows[0]!;
    const dims = row.dimensions === null ? undefined : Number(row.dimensions);
    const model = row.embed_model === null ? undefined : String(row.embed_model);
    const index = new HybridIndex(db, name, Number(row.id), model, dims);
    await db.batch(createTextTables(index.#tables));
    return index;
  }

  /** The embedder (`provider:model`) whose vectors the space holds; `undefined` before the first. */
  get embedModel(): string | undefined {
    return this.#embedModel;
  }

  /** The vector length fixed by the first vectors; `undefined` before them. */
  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  /**
   * Checks that `embedder` may add to or search this space's vectors.
   * @throws EmbeddingDimensionError / MemoryStoreError naming both sides.
   */
  checkEmbedder(name: string, dimensions?: number): void {
    if (dimensions !== undefined && this.#dimensions !== undefined && this.#dimensions !== dimensions) {
      throw new EmbeddingDimensionError(
        `index "${this.name}" (built with ${this.#embedModel})`,
        this.#dimensions,
        dimensions,
      );
    }
    if (this.#embedModel !== undefined && this.#embedModel !== name) {
      throw new MemoryStoreError(
        this.db.url,
        `index "${this.name}" holds vectors of ${this.#embedModel}, not ${name}: use that embedding model, or rebuild the index`,
      );
    }
  }

  /** Adds items inside `tx` (a transaction of this database); returns their ids in order. */
  async addIn(tx: Transaction, items: readonly NewItem[], embedder?: string): Promise<number[]> {
    const t = this.#tables;
    const withVectors = items.filter((i) => i.vector !== undefined);
    if (withVectors.length > 0)
      await this.#fixVectors(tx, embedder ?? 'unknown', withVectors[0]!.vector!.length);
    const ids: number[] = [];
    for (const item of items) {
      const result = await tx.execute({
        sql: `INSERT INTO ${t.items} (grp, title, text, meta) VALUES (?, ?, ?, ?) RETURNING id`,
        args: [item.group, item.title ?? '', item.text, JSON.stringify(item.meta ?? {})],
      });
      const id = Number(result.rows[0]!.id);
      ids.push(id);
      if (item.vector !== undefined) {
        if (item.vector.length !== this.#dimensions) {
          throw new EmbeddingDimensionError(`index "${this.name}"`, this.#dimensions!, item.vector.length);
        }
        await tx.execute({
          sql: `INSERT INTO ${t.vec} (id, embedding) VALUES (?, ?)`,
          args: [id, vectorBlob(item.vector)],
        });
      }
    }
    return ids;
  }

  /** Replaces an item's title, text and vector inside `tx`; returns whether it existed. */
  async updateIn(
    tx: Transaction,
    id: number,
    item: Omit<NewItem, 'group'>,
    embedder?: string,
  ): Promise<boolean> {
    const t = this.#tables;
    const result = await tx.execute({
      sql: `UPDATE ${t.items} SET title = ?, text = ?, meta = ? WHERE id = ?`,
      args: [item.title ?? '', item.text, JSON.stringify(item.meta ?? {}), id],
    });
    if (result.rowsAffected === 0) return false;
    if (item.vector !== undefined) {
      await this.#fixVectors(tx, embedder ?? 'unknown', item.vector.length);
      await tx.execute({
        sql: `INSERT OR REPLACE INTO ${t.vec} (id, embedding) VALUES (?, ?)`,
        args: [id, vectorBlob(item.vector)],
      });
    }
    return true;
  }

  /** The statement that deletes every item of `group` (their FTS entries and vectors follow by trigger). */
  deleteGroupStatement(group: string): InStatement {
    return { sql: `DELETE FROM ${this.#tables.items} WHERE grp = ?`, args: [group] };
  }

  /** The statement that deletes the item `id` (its FTS entry and vector follow by trigger). */
  deleteStatement(id: number): InStatement {
    return { sql: `DELETE FROM ${this.#tables.items} WHERE id = ?`, args: [id] };
  }

  /** Deletes the item `id` (only within `group` when given); returns whether it existed. */
  async delete(id: number, group?: string): Promise<boolean> {
    const t = this.#tables;
    const result = await this.db.execute(
      group === undefined
        ? { sql: `DELETE FROM ${t.items} WHERE id = ?`, args: [id] }
        : { sql: `DELETE FROM ${t.items} WHERE id = ? AND grp = ?`, args: [id, group] },
    );
    return result.rowsAffected > 0;
  }

  /** The items of `group` (every item when absent), oldest first. */
  async list(group?: string): Promise<IndexedItem[]> {
    const t = this.#tables;
    const { rows } = await this.db.execute(
      group === undefined
        ? `SELECT id, grp, title, text, meta FROM ${t.items} ORDER BY id`
        : {
            sql: `SELECT id, grp, title, text, meta FROM ${t.items} WHERE grp = ? ORDER BY id`,
            args: [group],
          },
    );
    return rows.map(item);
  }

  /** How many items the space holds, and how many have a vector. */
  async count(): Promise<{ items: number; vectors: number }> {
    const t = this.#tables;
    const items = Number((await this.db.execute(`SELECT count(*) AS n FROM ${t.items}`)).rows[0]!.n);
    if (this.#dimensions === undefined) return { items, vectors: 0 };
    const vectors = Number((await this.db.execute(`SELECT count(*) AS n FROM ${t.vec}`)).rows[0]!.n);
    return { items, vectors };
  }

  /** Ids of the best BM25 matches of `query`, best first (words in most rows, which BM25 ignores, left out). */
  async textSearch(query: string, k: number, group?: string): Promise<number[]> {
    const t = this.#tables;
    const match = ftsQuery((await weightedWords(this.db, t, queryWords(query))).join(' '));
    if (match === undefined) return [];
    const filter = group === undefined ? '' : `AND rowid IN (SELECT id FROM ${t.items} WHERE grp = ?)`;
    const { rows } = await this.db.execute({
      sql: `SELECT rowid AS id FROM ${t.fts} WHERE ${t.fts} MATCH ? ${filter} ORDER BY bm25(${t.fts}) LIMIT ?`,
      args: group === undefined ? [match, k] : [match, group, k],
    });
    return rows.map((r) => Number(r.id));
  }

  /**
   * Ids of the nearest vectors to `vector`, nearest first: through the ANN
   * index, or by an exact scan when `exact` (the benchmark's baseline) or
   * when filtered by `group` (a user's memories are few; the index cannot filter).
   */
  async vectorSearch(
    vector: Float32Array,
    k: number,
    options: { group?: string; exact?: boolean } = {},
  ): Promise<number[]> {
    if (this.#dimensions === undefined) return [];
    if (vector.length !== this.#dimensions) {
      throw new EmbeddingDimensionError(
        `index "${this.name}" (built with ${this.#embedModel})`,
        this.#dimensions,
        vector.length,
      );
    }
    const t = this.#tables;
    const blob = vectorBlob(vector);
    if (options.group !== undefined || options.exact) {
      const join = options.group === undefined ? '' : `JOIN ${t.items} i ON i.id = v.id AND i.grp = ?`;
      const { rows } = await this.db.execute({
        sql: `SELECT v.id FROM ${t.vec} v ${join} ORDER BY vector_distance_cos(v.embedding, vector32(?)), v.id LIMIT ?`,
        args: options.group === undefined ? [blob, k] : [options.group, blob, k],
      });
      return rows.map((r) => Number(r.id));
    }
    // The graph search returns a few times more candidates than asked, re-ranked by exact distance:
    // a cheap refinement that lifts recall where the compressed neighbour lists blur the order.
    const { rows } = await this.db.execute({
      sql: `SELECT v.id FROM vector_top_k('${t.vecIndex}', vector32(?), ?) t JOIN ${t.vec} v ON v.id = t.id
            ORDER BY vector_distance_cos(v.embedding, vector32(?)), v.id LIMIT ?`,
      args: [blob, Math.max(k * 2, 40), blob, k],
    });
    return rows.map((r) => Number(r.id));
  }

  /** Cosine distances from `vector` to the items `ids` that have a vector (for measuring recall). */
  async distances(vector: Float32Array, ids: readonly number[]): Promise<Map<number, number>> {
    if (this.#dimensions === undefined || ids.length === 0) return new Map();
    const { rows } = await this.db.execute({
      sql: `SELECT id, vector_distance_cos(embedding, vector32(?)) AS d FROM ${this.#tables.vec}
            WHERE id IN (${ids.map(() => '?').join(',')})`,
      args: [vectorBlob(vector), ...ids],
    });
    return new Map(rows.map((r) => [Number(r.id), Number(r.d)]));
  }

  /**
   * The best `k` items for a query: BM25 and (with `vector`) nearest
   * neighbours, each leg asked for more candidates than `k`, fused by
   * reciprocal rank.
   */
  async search(request: SearchRequest): Promise<SearchHit[]> {
    const k = request.k ?? 10;
    if (!Number.isInteger(k) || k < 1) throw new RangeError(`search: k must be a positive integer, got ${k}`);
    const depth = Math.max(k * 2, 20);
    const textIds = await this.textSearch(request.query, depth, request.group);
    const vectorIds =
      request.vector === undefined
        ? []
        : await this.vectorSearch(request.vector, depth, { group: request.group });
    const fused = reciprocalRankFusion([textIds, vectorIds]).slice(0, k);
    const rows = await this.get(fused.map((f) => f.id));
    const hits: SearchHit[] = [];
    for (const { id, score } of fused) {
      const found = rows.get(id);
      if (found === undefined) continue;
      const textRank = textIds.indexOf(id) + 1;
      const vectorRank = vectorIds.indexOf(id) + 1;
      hits.push({
        ...found,
        score,
        ...(textRank > 0 ? { textRank } : {}),
        ...(vectorRank > 0 ? { vectorRank } : {}),
      });
    }
    return hits;
  }

  /** The items of `ids`, by id. */
  async get(ids: readonly number[]): Promise<Map<number, IndexedItem>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.execute({
      sql: `SELECT id, grp, title, text, meta FROM ${this.#tables.items} WHERE id IN (${ids.map(() => '?').join(',')})`,
      args: [...ids],
    });
    return new Map(rows.map((r) => [Number(r.id), item(r)]));
  }

  /** Creates the vector table on the first vectors and records the model; checks later ones. */
  async #fixVectors(tx: Transaction, embedder: string, dimensions: number): Promise<void> {
    this.checkEmbedder(embedder, dimensions);
    if (this.#dimensions !== undefined) return;
    for (const sql of createVectorTables(this.#tables, dimensions)) await tx.execute(sql);
    await tx.execute({
      sql: 'UPDATE memory_spaces SET embed_model = ?, dimensions = ? WHERE name = ?',
      args: [embedder, dimensions, this.name],
    });
    // Set after the statements succeeded; a rolled-back transaction is caught by rollback() below.
    this.#dimensions = dimensions;
    this.#embedModel = embedder;
  }

  /** Re-reads the space's embedder after a rolled-back transaction that may have fixed it. */
  async reload(): Promise<void> {
    const row = (
      await this.db.execute({
        sql: 'SELECT embed_model, dimensions FROM memory_spaces WHERE name = ?',
        args: [this.name],
      })
    ).rows[0];
    this.#dimensions = row?.dimensions == null ? undefined : Number(row.dimensions);
    this.#embedModel = row?.embed_model == null ? undefined : String(row.embed_model);
  }
}

function item(r: Row): IndexedItem {
  let meta: Record<string, unknown> = {};
  try {
    meta = JSON.parse(String(r.meta)) as Record<string, unknown>;
  } catch {
    // A hand-edited row: keep the text, drop the metadata.
  }
  return { id: Number(r.id), group: String(r.grp), title: String(r.title), text: String(r.text), meta };
}
