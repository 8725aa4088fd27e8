import { type AnyTool, ASSUMED, defineTool, params } from '@kodama/core';
import { NULL_URL_CACHE, type UrlCache } from '../cache/url-cache.ts';
import type { DownloadOptions } from '../fetch/fetch-text.ts';
import { braveEngine } from './brave.ts';
import { searchCascade } from './cascade.ts';
import { duckDuckGoEngine } from './duckduckgo.ts';
import { exaEngine } from './exa.ts';
import { renderResults } from './render-results.ts';
import { EngineUnavailableError, type SearchEngine } from './search-engine.ts';

/** Results returned per search, as smolagents and pikuri do. */
export const DEFAULT_MAX_RESULTS = 10;

const DESCRIPTION = `Searches the web for a query and returns the top results as a Markdown list of titles, URLs, and short snippets.

Usage:
- Use for current events, facts you are unsure of, documentation, or finding pages to read.
- Snippets are short and may be stale: follow up with web_scrape on the most promising URLs before relying on them.
- Write queries as a person would type them into a search box; no special operators are needed.`;

/** Options of {@link webSearchTool}. */
export interface WebSearchToolOptions {
  /** Brave Search API key, from kodama's configuration; adds the Brave engine. */
  readonly braveApiKey?: string;
  /** Exa API key, from kodama's configuration; adds the Exa engine. */
  readonly exaApiKey?: string;
  /**
   * The engines to use, replacing the default set (DuckDuckGo, plus Brave and
   * Exa when their keys are given). Build engines once per process: each owns
   * the rate limiter that keeps its provider from blocking you.
   */
  readonly engines?: readonly SearchEngine[];
  /** Where rendered results are kept, keyed by query (default: none). The CLI passes `urlCacheFor('web_search')`. */
  readonly cache?: UrlCache;
  /** Default {@link DEFAULT_MAX_RESULTS}. */
  readonly maxResults?: number;
  /** Random source for the engine order; injectable for tests. */
  readonly random?: () => number;
  /** HTTP knobs for the default engines. */
  readonly http?: DownloadOptions;
  /** URLs of the default engines, replacing their public endpoints (a proxy; a local fake in tests). */
  readonly endpoints?: SearchEndpoints;
}

/** Where the default engines send queries; each defaults to the engine's public URL. */
export interface SearchEndpoints {
  /** Default `DUCKDUCKGO_ENDPOINT`. */
  readonly duckDuckGo?: string;
  /** Default `BRAVE_ENDPOINT`. */
  readonly brave?: string;
  /** Default `EXA_ENDPOINT`. */
  readonly exa?: string;
}

/** DuckDuckGo always, Brave and Exa when a key is configured. */
export function defaultSearchEngines(
  options: Pick<WebSearchToolOptions, 'braveApiKey' | 'exaApiKey' | 'http' | 'endpoints'> = {},
): SearchEngine[] {
  const { http, endpoints = {} } = options;
  const engines: SearchEngine[] = [duckDuckGoEngine({ endpoint: endpoints.duckDuckGo, http })];
  if (options.braveApiKey)
    engines.push(braveEngine({ apiKey: options.braveApiKey, endpoint: endpoints.brave, http }));
  if (options.exaApiKey)
    engines.push(exaEngine({ apiKey: options.exaApiKey, endpoint: endpoints.exa, http }));
  return engines;
}

/**
 * The `web_search` tool: asks the engines in a random order, falling through
 * the unavailable ones, and renders the winner's results as a stable Markdown
 * list. Trifecta legs ASSUMED: results are attacker-authored, and the query
 * itself leaves the machine.
 */
export function webSearchTool(options: WebSearchToolOptions = {}): AnyTool {
  const engines = options.engines ?? defaultSearchEngines(options);
  const cache = options.cache ?? NULL_URL_CACHE;
  const maxResults = options.maxResults ?? DEFAULT_MAX_RESULTS;
  return defineTool({
    name: 'web_search',
    description: DESCRIPTION,
    parameters: params().requiredString('query', 'The search query, e.g. "node 20 release date".'),
    // The query leaves the machine; no URL is named (the engines are the host's choice).
    effects: { kinds: ['reachesNetwork'], of: () => [{ kind: 'reachesNetwork' }] },
    async execute({ query }, context) {
      if (query.trim() === '') return 'Error: the query is empty';
      const cached = await cache.get(query);
      if (cached !== undefined) return cached;
      try {
        const { results } = await searchCascade(engines, query, {
          signal: context.signal,
          maxResults,
          random: options.random,
        });
        const rendered = renderResults(query, results);
        await cache.set(query, rendered);
        return rendered;
      } catch (error) {
        if (EngineUnavailableError.isInstance(error)) return `Error: ${error.message}. Try again later.`;
        throw error;
      }
    },
    trifectaLegs: ASSUMED,
  });
}
