import { type Problem, warning } from './problem.ts';

/** `allowed-tools` read: the entries (absent: the key is absent or unusable) and what was wrong. */
export interface AllowedTools {
  readonly tools?: readonly string[];
  readonly problems: readonly Problem[];
}

/**
 * Reads `allowed-tools`, which the Agent Skills format defines as one string
 * of tools separated by spaces (`Bash(git:*) Bash(jq:*) Read`). A
 * parenthesised group is one entry whatever it holds, so `Bash(gh issue:*)
 * Read` is two entries. Files written for Claude Code's older habit keep
 * working, each with a warning saying how to write it: commas outside
 * parentheses separate entries too (`Read, Grep`), and a YAML list is read
 * entry by entry, each entry whole.
 */
export function parseAllowedTools(value: unknown): AllowedTools {
  if (value === undefined || value === null) return { problems: [] };
  if (Array.isArray(value)) {
    const strings = value.filter((t): t is string => typeof t === 'string');
    // Each entry is kept whole: a list may name a tool with a space (`Azure MCP/documentation`).
    const tools = strings.map((t) => t.trim()).filter((t) => t !== '');
    const spaced = tools.some((t) => splitTools(t).tools.length > 1);
    const write = spaced
      ? '; a tool whose name has a space cannot be written that way, so the list is kept'
      : `: write "allowed-tools: ${tools.join(' ')}"`;
    const problems = [
      warning(
        'allowed-tools',
        `allowed-tools is a YAML list; the format wants one string of tools separated by spaces${write}`,
      ),
    ];
    if (strings.length < value.length)
      problems.push(
        warning('allowed-tools', 'allowed-tools has entries that are not text; they are ignored'),
      );
    return { tools: Object.freeze(tools), problems };
  }
  if (typeof value !== 'string') {
    return {
      problems: [
        warning(
          'allowed-tools',
          'allowed-tools must be one string of tools separated by spaces (allowed-tools: Read Grep); ignored',
        ),
      ],
    };
  }
  const split = splitTools(value);
  const problems: Problem[] = [];
  if (split.commas) {
    problems.push(
      warning(
        'allowed-tools',
        `allowed-tools separates tools with spaces, not commas; read as ${split.tools.length} tools: write "allowed-tools: ${split.tools.join(' ')}"`,
      ),
    );
  }
  if (split.unclosed) {
    problems.push(
      warning(
        'allowed-tools',
        `allowed-tools has a "(" that is never closed; its last entry is "${split.tools.at(-1)}": close the parenthesis`,
      ),
    );
  }
  return { tools: Object.freeze(split.tools), problems };
}

/** Splits at spaces and commas outside parentheses; says whether a comma separated anything. */
function splitTools(text: string): { tools: string[]; commas: boolean; unclosed: boolean } {
  const tools: string[] = [];
  let depth = 0;
  let current = '';
  let commas = false;
  const flush = () => {
    if (current !== '') tools.push(current);
    current = '';
  };
  for (const c of text) {
    if (depth === 0 && (c === ',' || /\s/.test(c))) {
      if (c === ',') commas = true;
      flush();
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    current += c;
  }
  flush();
  return { tools, commas, unclosed: depth > 0 };
}
