/**
 * The table names of one space (a memory or corpus index) in a
 * {@link MemoryDatabase}: `mem_items_<id>` (the rows), `mem_fts_<id>` (an
 * FTS5 index over their title and text, kept in step by triggers) and,
 * once the first vector arrives, `mem_vec_<id>` (an `F32_BLOB(<dims>)`
 * column with libSQL's approximate-nearest-neighbour index `mem_vec_<id>_idx`).
 * The id is an integer from `memory_spaces`, never text from outside.
 */
export interface SpaceTables {
  readonly items: string;
  readonly fts: string;
  readonly vec: string;
  readonly vecIndex: string;
  /** The FTS index's vocabulary (`fts5vocab`, per term: rows holding it). */
  readonly vocab: string;
}

/** The names of space `id`'s tables. */
export function spaceTables(id: number): SpaceTables {
  if (!Number.isSafeInteger(id) || id < 1) throw new TypeError(`internal: bad space id ${id}`);
  return {
    items: `mem_items_${id}`,
    fts: `mem_fts_${id}`,
    vec: `mem_vec_${id}`,
    vecIndex: `mem_vec_${id}_idx`,
    vocab: `mem_vocab_${id}`,
  };
}

/** The statements that create a space's rows and their full-text index (idempotent). */
export function createTextTables(t: SpaceTables): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t.items} (
       id INTEGER PRIMARY KEY,
       grp TEXT NOT NULL,
       title TEXT NOT NULL DEFAULT '',
       text TEXT NOT NULL,
       meta TEXT NOT NULL DEFAULT '{}'
     )`,
    `CREATE INDEX IF NOT EXISTS ${t.items}_by_group ON ${t.items} (grp)`,
    // External-content FTS5: the text is stored once, in the items table.
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${t.fts} USING fts5(
       title, text, content='${t.items}', content_rowid='id', tokenize='porter unicode61'
     )`,
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${t.vocab} USING fts5vocab(${t.fts}, 'row')`,
    `CREATE TRIGGER IF NOT EXISTS ${t.items}_ai AFTER INSERT ON ${t.items} BEGIN
       INSERT INTO ${t.fts} (rowid, title, text) VALUES (new.id, new.title, new.text);
     END`,
    `CREATE TRIGGER IF NOT EXISTS ${t.items}_ad AFTER DELETE ON ${t.items} BEGIN
       INSERT INTO ${t.fts} (${t.fts}, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
     END`,
    `CREATE TRIGGER IF NOT EXISTS ${t.items}_au AFTER UPDATE ON ${t.items} BEGIN
       INSERT INTO ${t.fts} (${t.fts}, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
       INSERT INTO ${t.fts} (rowid, title, text) VALUES (new.id, new.title, new.text);
     END`,
  ];
}

/**
 * The statements that create a space's vector table and ANN index for
 * vectors of `dimensions` (idempotent). Cosine metric; neighbour vectors
 * stored as float8 (libSQL's DiskANN keeps each node's neighbours' vectors
 * in its block: float32 makes blocks four times larger and inserts and
 * searches two to three times slower, for no measurable recall; see the
 * corpus benchmark). Searches re-rank the candidates by exact distance.
 */
export function createVectorTables(t: SpaceTables, dimensions: number): string[] {
  if (!Number.isSafeInteger(dimensions) || dimensions < 1)
    throw new TypeError(`internal: bad dimensions ${dimensions}`);
  return [
    `CREATE TABLE IF NOT EXISTS ${t.vec} (id INTEGER PRIMARY KEY, embedding F32_BLOB(${dimensions}) NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS ${t.vecIndex} ON ${t.vec} (libsql_vector_idx(embedding, 'metric=cosine', 'compress_neighbors=float8'))`,
    `CREATE TRIGGER IF NOT EXISTS ${t.items}_avd AFTER DELETE ON ${t.items} BEGIN
       DELETE FROM ${t.vec} WHERE id = old.id;
     END`,
  ];
}
