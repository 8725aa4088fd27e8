import type { AnyTool } from '@kodama/core';
import { toolsByName } from '@kodama/tools';
import type { ToolSetup } from './tool-setup.ts';

/** calculator, fetch, web_scrape and web_search; web_search's keys come from the configuration file. */
export function webTools(names: readonly string[], setup: ToolSetup): AnyTool[] {
  return toolsByName(names, { webSearch: setup.config.webSearch });
}
