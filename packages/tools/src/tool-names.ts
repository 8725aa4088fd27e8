/**
 * The names of this package's tools, on their own (no tool module loaded):
 * for hosts whose command line or configuration names the tools (`--tools
 * calculator,tasks`), so a name is read from the package that owns the tool
 * (`@kodama/tools/tool-names`).
 */

/** The calculator tool. */
export const CALCULATOR_TOOL = 'calculator';
/** The fetch tool (one URL as text). */
export const FETCH_TOOL = 'fetch';
/** The web_scrape tool (a page's readable content). */
export const WEB_SCRAPE_TOOL = 'web_scrape';
/** The web_search tool. */
export const WEB_SEARCH_TOOL = 'web_search';
/** The word that names the four task tools together (the tasks extension); no tool has it. */
export const TASKS_TOOL_GROUP = 'tasks';
