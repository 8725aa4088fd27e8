// Which tools a conversation loaded, read back from its `tool_search`
// results: how the loaded set survives export/load and session continuation
// without state of its own. Only results of `tool_search` calls count, and
// the caller keeps only names its catalog holds, so text elsewhere in the
// conversation (a tool result, an MCP server's answer) cannot load anything.
import type { HistoryMessage } from '@kodama/core/history';
import { TOOL_SEARCH } from './search-tool.ts';

/** A result line of a tool, as `renderOutcome` writes it. */
const LINE = /^- ([A-Za-z0-9_-]{1,64}): /;

/** The names the conversation's `tool_search` results list, first seen first. */
export function loadedInHistory(messages: readonly HistoryMessage[]): string[] {
  const names = new Set<string>();
  for (const { message } of messages) {
    if (message.role !== 'tool' || message.toolName !== TOOL_SEARCH) continue;
    const text =
      typeof message.content === 'string'
        ? message.content
        : message.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
    for (const row of text.split('\n')) {
      const m = LINE.exec(row);
      if (m?.[1]) names.add(m[1]);
    }
  }
  return [...names];
}
