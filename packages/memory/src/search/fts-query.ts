/**
 * Turns free text into an FTS5 query that cannot be a syntax error: each word
 * (letters and digits of any script) quoted, joined with OR, so a passage
 * with some of the words matches and BM25 ranks those with more (and rarer)
 * ones first. `undefined` when the text has no word at all.
 */
export function ftsQuery(text: string): string | undefined {
  const words = queryWords(text);
  return words.length === 0 ? undefined : words.map((w) => `"${w}"`).join(' OR ');
}

/** The distinct lower-case words of `text` (letters and digits of any script), in order. */
export function queryWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}
