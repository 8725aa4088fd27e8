/**
 * kodama tool search: once the tool definitions pass a share of the context
 * window, the model sees `tool_search` and the deferred names; a search
 * appends the matching definitions to the next request, leaving the earlier
 * prefix (and provider prompt caches) intact.
 *
 * @packageDocumentation
 */

export { type LoadOutcome, ToolCatalog } from './catalog.ts';
export { includeExtension, type ToolRoute } from './include.ts';
export { loadedInHistory } from './loaded-in-history.ts';
export { definitionTokens } from './measure.ts';
export { rank, words } from './rank.ts';
export { MAX_LIMIT, oneLine, SELECT_PREFIX, searchDescription, TOOL_SEARCH } from './search-tool.ts';
export {
  ASSUMED_CONTEXT_WINDOW,
  CONTROL_TOOLS,
  type ToolSearch,
  type ToolSearchOptions,
  type ToolSearchStats,
  toolSearch,
} from './tool-search.ts';
