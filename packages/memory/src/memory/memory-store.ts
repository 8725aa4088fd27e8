/** One thing remembered about a user. */
export interface MemoryRecord {
  /** Stable id the tools and `kodama memory rm` use, e.g. `m12`. */
  readonly id: string;
  readonly userId: string;
  /** The fact, one sentence. */
  readonly text: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** What made the last change: `message:<id>` (a user turn), `tool:remember`, `cli`. */
  readonly source: string;
}

/** A memory found by a search, with its fused score (higher is better). */
export interface MemoryHit extends MemoryRecord {
  readonly score: number;
}

/** What a change did. `NONE` is never stored: a fact already known changes nothing. */
export type MemoryEvent = 'ADD' | 'UPDATE' | 'DELETE';

/** One recorded change: every add, update and delete, with time and source. */
export interface MemoryChange {
  readonly memoryId: string;
  readonly userId: string;
  readonly event: MemoryEvent;
  /** The text before (UPDATE, DELETE). */
  readonly before?: string;
  /** The text after (ADD, UPDATE). */
  readonly after?: string;
  readonly at: number;
  readonly source: string;
}

/**
 * Where memories live, keyed by user id. Every change is recorded in the
 * history. Implemented by `LibsqlMemoryStore` (embedded, the default); a
 * server store implements the same interface and passes the same suite.
 */
export interface MemoryStore {
  /** Adds a fact; returns it with its new id. */
  add(userId: string, text: string, source: string): Promise<MemoryRecord>;
  /** Replaces a fact's text; `undefined` when the user has no memory of that id. */
  update(userId: string, id: string, text: string, source: string): Promise<MemoryRecord | undefined>;
  /** Deletes a fact; false when the user has no memory of that id. */
  remove(userId: string, id: string, source: string): Promise<boolean>;
  /** The user's memories, oldest first. */
  list(userId: string): Promise<MemoryRecord[]>;
  /** The user's memories that best match `query` (hybrid when the store has an embedder), best first. */
  search(userId: string, query: string, k: number, options?: { signal?: AbortSignal }): Promise<MemoryHit[]>;
  /** The recorded changes of the user (of one memory when `id` is given), oldest first. */
  history(userId: string, id?: string): Promise<MemoryChange[]>;
}
