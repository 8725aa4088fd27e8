import { KodamaError } from '@kodama/core';

/** One web search hit, as every engine reports it. */
export interface SearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

/** What an engine gets besides the query. */
export interface SearchOptions {
  /** Cancels the request (the turn's signal). */
  readonly signal?: AbortSignal;
  /** Most results wanted. */
  readonly maxResults: number;
}

/**
 * A web search provider behind one interface (DuckDuckGo, Brave, Exa, or
 * your own). Contract: resolve with results (possibly none) when the engine
 * answered; reject with {@link EngineUnavailableError} when it could not
 * (network failure, HTTP error, block, rate limit) so the next engine is tried.
 */
export interface SearchEngine {
  /** Display name, e.g. `DuckDuckGo`. */
  readonly name: string;
  search(query: string, options: SearchOptions): Promise<SearchResult[]>;
}

/**
 * An engine could not answer. `blocked` marks a block or rate limit: the
 * engine's rate limiter then refuses calls for its cooldown instead of
 * hammering a provider that is already saying no.
 */
export class EngineUnavailableError extends KodamaError {
  readonly blocked: boolean;

  constructor(message: string, options: { blocked?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.blocked = options.blocked ?? false;
  }
}
