import type { AnyTool } from '@kodama/core';
import { toolsByName } from '@kodama/tools';
import type { ToolSetup } from './tool-setup.ts';

/** calculator, fetch, web_scrape and web_search; web_search's keys and the cache root come from the configuration file. */
export function webTools(names: readonly string[], setup: ToolSetup): AnyTool[] {
  const { webSearch, cacheDir } = setup.config;
  return toolsByName(names, { webSearch, ...(cacheDir === undefined ? {} : { cacheDir }) });
}
