/** One item of a {@link HybridIndex}, as a search or a listing returns it. */
export interface IndexedItem {
  /** The row id, stable until the item is deleted. */
  readonly id: number;
  /** What the item belongs to: a document's path, a user's id. Deleted together. */
  readonly group: string;
  /** A short label searched with the text (a chunk's heading trail); '' when none. */
  readonly title: string;
  readonly text: string;
  /** Whatever the owner stored with the item (JSON). */
  readonly meta: Record<string, unknown>;
}

/** An item found by a search, with how it ranked. */
export interface SearchHit extends IndexedItem {
  /** The fused score (reciprocal rank fusion), higher is better; in a single-leg search, that leg's RRF vote. */
  readonly score: number;
  /** Rank in the BM25 list (1 = best), when the text leg found it. */
  readonly textRank?: number;
  /** Rank in the vector list (1 = best), when the vector leg found it. */
  readonly vectorRank?: number;
}
