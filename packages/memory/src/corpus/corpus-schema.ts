/**
 * The corpus's own tables, shared by every corpus of a database (keyed by
 * the space's name): the files indexed, with the hash that decides whether a
 * file changed, and the folders indexed, which confine `corpus_read`.
 */
export const CORPUS_TABLES = [
  `CREATE TABLE IF NOT EXISTS corpus_docs (
     space TEXT NOT NULL,
     path TEXT NOT NULL,
     hash TEXT NOT NULL,
     size INTEGER NOT NULL,
     chunks INTEGER NOT NULL,
     embedded INTEGER NOT NULL,
     indexed_at REAL NOT NULL,
     PRIMARY KEY (space, path)
   )`,
  `CREATE TABLE IF NOT EXISTS corpus_roots (
     space TEXT NOT NULL,
     root TEXT NOT NULL,
     PRIMARY KEY (space, root)
   )`,
];

/** A file the index knows. */
export interface IndexedDoc {
  readonly path: string;
  readonly hash: string;
  readonly embedded: boolean;
}
