import { EngineUnavailableError, type SearchEngine, type SearchResult } from './search-engine.ts';

/** What {@link searchCascade} found: the engine that answered and its results. */
export interface CascadeResult {
  readonly engine: string;
  readonly results: SearchResult[];
}

/** Fisher–Yates shuffle of a copy, with an injectable random source. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * Tries the engines in a fresh random order (spreading load and rate limits);
 * an engine that is unavailable falls through to the next. The first engine
 * that answers wins, even with no results.
 *
 * @throws EngineUnavailableError listing every engine's reason when none answered.
 */
export async function searchCascade(
  engines: readonly SearchEngine[],
  query: string,
  options: { signal?: AbortSignal; maxResults: number; random?: () => number },
): Promise<CascadeResult> {
  const reasons: string[] = [];
  for (const engine of shuffled(engines, options.random)) {
    try {
      const results = await engine.search(query, { signal: options.signal, maxResults: options.maxResults });
      return { engine: engine.name, results };
    } catch (error) {
      if (!EngineUnavailableError.isInstance(error)) throw error;
      reasons.push(
        error.message.startsWith(engine.name) ? error.message : `${engine.name}: ${error.message}`,
      );
    }
  }
  throw new EngineUnavailableError(`no search engine is available right now (${reasons.join('; ')})`);
}
