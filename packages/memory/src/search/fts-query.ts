/**
 * Turns free text into an FTS5 query that cannot be a syntax error: each word
 * (letters and digits of any script) quoted, joined with OR, so a passage
 * with some of the words matches and BM25 ranks those with more (and rarer)
 * ones first. `undefined` when the text has no word at all.
 */
export function ftsQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  return [...new Set(words)].map((w) => `"${w}"`).join(' OR ');
}
