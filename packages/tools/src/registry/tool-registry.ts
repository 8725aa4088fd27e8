import type { AnyTool } from '@kodama/core';
import { type CachedToolName, NULL_URL_CACHE, type UrlCache, urlCacheFor } from '../cache/url-cache.ts';
import type { ToolsConfig } from './tools-config.ts';

/** Builds one tool from the configuration, importing the tool's module on the first call. */
export type ToolFactory = (config: ToolsConfig) => Promise<AnyTool>;

/** The cache and HTTP options a web tool gets from the configuration. */
function webOptions(
  config: ToolsConfig,
  tool: CachedToolName,
): { cache: UrlCache; http: ToolsConfig['http'] } {
  const cache =
    config.cacheDir === null
      ? NULL_URL_CACHE
      : urlCacheFor(tool, { root: config.cacheDir, ttlMs: config.cacheTtlMs });
  return { cache, http: { ...config.http } };
}

/**
 * Every tool of this package by the name the model sees, each a lazy factory:
 * nothing of a tool family (linkedom, Readability, turndown for web_scrape and
 * web_search) is loaded until its factory runs, so a host can hold the whole
 * table and pay only for the tools it builds.
 */
export const TOOL_REGISTRY = Object.freeze({
  calculator: async () => (await import('../calculator/calculator-tool.ts')).calculatorTool(),
  fetch: async (config: ToolsConfig) =>
    (await import('../fetch/fetch-tool.ts')).fetchTool(webOptions(config, 'fetch')),
  web_scrape: async (config: ToolsConfig) =>
    (await import('../scrape/web-scrape-tool.ts')).webScrapeTool(webOptions(config, 'web_scrape')),
  web_search: async (config: ToolsConfig) =>
    (await import('../search/web-search-tool.ts')).webSearchTool({
      ...config.webSearch,
      ...webOptions(config, 'web_search'),
    }),
}) satisfies Readonly<Record<string, ToolFactory>>;

/** One of {@link TOOL_NAMES}. */
export type ToolName = keyof typeof TOOL_REGISTRY;

/** The names of this package's tools, in registry order. */
export const TOOL_NAMES: readonly ToolName[] = Object.freeze(Object.keys(TOOL_REGISTRY) as ToolName[]);
