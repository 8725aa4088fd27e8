import type { MemoryDatabase } from '../db/memory-database.ts';

// A scratch FTS5 table with the index's tokenizer, and its per-row vocabulary:
// inserting the query's words one per row reveals each word's stem as the index
// stores it. Temporary: per connection, never written to the file.
const SCRATCH = [
  "CREATE VIRTUAL TABLE IF NOT EXISTS temp.mem_stem USING fts5(word, tokenize='porter unicode61')",
  "CREATE VIRTUAL TABLE IF NOT EXISTS temp.mem_stem_terms USING fts5vocab(temp, mem_stem, 'instance')",
];

/** Share of rows above which a word carries no BM25 weight (FTS5's idf is then clamped to almost zero). */
const NO_WEIGHT_SHARE = 0.5;

/**
 * The query words that BM25 gives weight: drops those whose stem is in more
 * than half the rows of the space (FTS5 clamps their idf to about zero, so
 * they barely move the ranking, yet scoring the thousands of rows they match
 * is most of a search's time). Keeps the rarest word when all are that
 * common, and every word when the space is small.
 */
export async function weightedWords(
  db: MemoryDatabase,
  tables: { readonly items: string; readonly vocab: string },
  words: readonly string[],
): Promise<string[]> {
  if (words.length < 2) return [...words];
  // One transaction: the row count, then each word's stem through the scratch table
  // (it writes only temp tables, so a deferred one never takes the database's write lock).
  const results = await db.batch(
    [
      `SELECT count(*) AS n FROM ${tables.items}`,
      ...SCRATCH,
      ...words.map((word, i) => ({
        sql: 'INSERT INTO temp.mem_stem (rowid, word) VALUES (?, ?)',
        args: [i + 1, word],
      })),
      'SELECT doc, term FROM temp.mem_stem_terms',
      'DELETE FROM temp.mem_stem',
    ],
    'deferred',
  );
  const rows = Number(results[0]!.rows[0]!.n);
  if (rows < 100) return [...words];
  const stemRows = results[results.length - 2]!.rows;
  const stemOf = new Map(stemRows.map((r) => [Number(r.doc), String(r.term)]));
  const unique = [...new Set(stemOf.values())];
  const counts = new Map(
    (
      await db.execute({
        sql: `SELECT term, doc FROM ${tables.vocab} WHERE term IN (${unique.map(() => '?').join(',')})`,
        args: unique,
      })
    ).rows.map((r) => [String(r.term), Number(r.doc)]),
  );
  const share = (i: number) => (counts.get(stemOf.get(i + 1) ?? '') ?? 0) / rows;
  const kept = words.filter((_, i) => share(i) <= NO_WEIGHT_SHARE);
  if (kept.length > 0) return kept;
  let rarest = 0;
  words.forEach((_, i) => {
    if (share(i) < share(rarest)) rarest = i;
  });
  return [words[rarest]!];
}
