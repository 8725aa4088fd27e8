/** What one indexing pass did. */
export interface IndexReport {
  /** Files indexed for the first time. */
  readonly added: number;
  /** Files whose content changed (or that gained vectors), indexed again. */
  readonly updated: number;
  /** Files whose hash was unchanged: skipped. */
  readonly unchanged: number;
  /** Files gone from disk (or now unreadable), removed from the index. */
  readonly removed: number;
  /** Files that could not be read or extracted, with why. */
  readonly skipped: ReadonlyArray<{ readonly path: string; readonly reason: string }>;
  /** Chunks written in this pass. */
  readonly chunks: number;
  /** Whether vectors were written (an embedder was given). */
  readonly embedded: boolean;
}

/** Progress of an indexing pass, reported after each file. */
export interface IndexProgress {
  /** Files looked at so far. */
  readonly scanned: number;
  /** Files (re)indexed so far. */
  readonly indexed: number;
  /** The file just looked at. */
  readonly path: string;
}
