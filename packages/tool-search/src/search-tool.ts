// The `tool_search` tool and the text of its result. Every line it shows of a
// tool is the catalog's own (the name and the first line of the description
// the tool was built with), never text from the query; the history reader
// (`loadedInHistory`) reads the names back from these lines.
import { type AnyTool, defineTool, NONE } from '@kodama/core';
import { TOOL_NAME_PATTERN } from '@kodama/core/tool';
import type { LoadOutcome } from './catalog.ts';

/** The tool's name. */
export const TOOL_SEARCH = 'tool_search';
/** What a query starting with it names: `select:a,b` loads the tools `a` and `b` by name. */
export const SELECT_PREFIX = 'select:';
/** The most tools one search loads. */
export const MAX_LIMIT = 20;
/** The widest one-line summary shown, in characters. */
const LINE = 160;

/** The first line of `description`, at most {@link LINE} characters. */
export function oneLine(description: string): string {
  const first = description.trim().split('\n', 1)[0]?.trim() ?? '';
  return first.length > LINE ? `${first.slice(0, LINE - 1)}…` : first;
}

/** The description the model reads: fixed once the agent is built (the request prefix never changes). */
export function searchDescription(names: readonly string[]): string {
  return [
    'Loads the definitions of deferred tools so you can call them from your next step.',
    `Search with words for what you need done ("create an issue"), or load tools by exact name with "${SELECT_PREFIX}name1,name2".`,
    'Loaded tools stay loaded for the rest of the conversation.',
    `Deferred tools: ${names.length > 0 ? names.join(', ') : '(none yet)'}.`,
  ].join(' ');
}

/** A result line for one tool; `loadedInHistory` parses exactly this shape. */
function line(tool: AnyTool, note = ''): string {
  return `- ${tool.name}: ${oneLine(tool.description)}${note}`;
}

/** The text of one search's result. */
export function renderOutcome(query: string, outcome: LoadOutcome): string {
  const parts: string[] = [];
  if (outcome.loaded.length > 0)
    parts.push(
      `Loaded ${outcome.loaded.length} tool${outcome.loaded.length === 1 ? '' : 's'}; call ${outcome.loaded.length === 1 ? 'it' : 'them'} from your next step:`,
      ...outcome.loaded.map((t) => line(t)),
    );
  if (outcome.already.length > 0)
    parts.push('Already loaded:', ...outcome.already.map((t) => line(t, ' (already loaded)')));
  if (outcome.available.length > 0)
    parts.push(`Not deferred (call directly): ${outcome.available.join(', ')}`);
  if (outcome.unknown.length > 0) {
    // Only what looks like a tool name is echoed back; the rest is counted.
    const named = outcome.unknown.filter((n) => TOOL_NAME_PATTERN.test(n));
    const other = outcome.unknown.length - named.length;
    parts.push(
      `Not in the catalog, nothing loaded for: ${[...named, ...(other > 0 ? [`${other} invalid name${other === 1 ? '' : 's'}`] : [])].join(', ')}`,
    );
  }
  if (parts.length === 0)
    return query.startsWith(SELECT_PREFIX)
      ? 'No tool named; nothing was loaded.'
      : 'No deferred tool matches the query; nothing was loaded. Try other words, or select:<name> with a name from the list.';
  return parts.join('\n');
}

/** `tool_search` over `search` (which loads what it finds and says what happened). */
export function searchTool(
  names: readonly string[],
  defaultLimit: number,
  search: (query: string, limit: number) => LoadOutcome,
): AnyTool {
  return defineTool({
    name: TOOL_SEARCH,
    description: searchDescription(names),
    parameters: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: `Words for what you need, or "${SELECT_PREFIX}name1,name2" to load tools by name.`,
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_LIMIT,
          description: `How many tools to load at most (default ${defaultLimit}).`,
        },
      },
      required: ['query'],
    },
    // It reads only the catalog; the loaded tools carry their own legs (and the
    // extension's trifecta contribution counts the whole catalog from the start).
    trifectaLegs: NONE,
    sequential: true,
    execute: ({ query, limit }) => {
      const q = String(query);
      const n = Math.min(MAX_LIMIT, Math.max(1, Math.floor(Number(limit ?? defaultLimit)) || defaultLimit));
      return renderOutcome(q, search(q, n));
    },
  });
}
