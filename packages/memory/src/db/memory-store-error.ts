import { KodamaError } from '@kodama/core';

/**
 * The memory database could not do what was asked: it cannot be opened, it
 * was made by a newer kodama, a query failed, or an index is searched with
 * another embedding model than the one that built it. Names the database.
 */
export class MemoryStoreError extends KodamaError {
  /** The database URL. */
  readonly url: string;

  constructor(url: string, problem: string, options: { cause?: unknown } = {}) {
    super(`memory database ${url}: ${problem}`, options);
    this.url = url;
  }
}
