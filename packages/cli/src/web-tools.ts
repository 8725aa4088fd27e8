import { TOOL_NAMES, toolsByName } from '@kodama/tools';
import type { ToolFamily } from './tool-setup.ts';

/**
 * calculator, fetch, web_scrape and web_search from `@kodama/tools`' registry;
 * web_search's keys and the cache root come from the configuration file.
 */
export const WEB_TOOLS: ToolFamily = {
  names: TOOL_NAMES,
  build: (names, setup) => {
    const { webSearch, cacheDir } = setup.config;
    return toolsByName(names, { webSearch, ...(cacheDir === undefined ? {} : { cacheDir }) });
  },
};
