/** The constant of reciprocal rank fusion: 60, as in Cormack et al. (2009) and most hybrid search engines. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each list votes `1 / (RRF_K + rank)` (rank from 1)
 * for each id it holds; ids are returned best first with their fused score.
 * Only ranks count, never raw scores, so BM25 and cosine need no common scale.
 * Ties keep the order in which ids were first seen (the first list first).
 */
export function reciprocalRankFusion(
  lists: ReadonlyArray<readonly number[]>,
): Array<{ id: number; score: number }> {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + index + 1));
    });
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
