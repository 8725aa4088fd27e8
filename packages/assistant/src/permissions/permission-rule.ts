import { isAbsolute, relative } from 'node:path';
import picomatch from 'picomatch';

/** What a rule says about the calls it matches. */
export type PermissionDecision = 'allow' | 'ask' | 'deny';

/** Tools whose rule pattern is a glob over the project-relative path. */
const PATH_TOOLS = new Set(['read', 'write', 'edit', 'grep', 'glob']);

/** A call as rules see it: the tool, and its path or command when it has one. */
export interface PermissionSubject {
  readonly tool: string;
  /** bash: the command. */
  readonly command?: string;
  /** The file tools: the path as given (relative to the root, or absolute). */
  readonly path?: string;
}

/** A parsed rule: `bash`, `bash(npm test:*)`, `edit(src/**)`, `web_fetch`, `fx__*`. */
export interface PermissionRule {
  /** The rule as written. */
  readonly text: string;
  readonly tool: string;
  /** True when the rule matches this single call (for bash: one simple command). */
  matches(subject: PermissionSubject, root: string): boolean;
}

/**
 * Parses a rule. `tool` alone matches every call of the tool; `bash(cmd)`
 * matches that exact command and `bash(prefix:*)` any command starting with
 * the prefix as whole words; `read|write|edit|grep|glob(glob)` match paths
 * relative to the project root (picomatch, dotfiles included), and `edit(…)`
 * also covers `write`. Other tools take no pattern. A name ending in `*`
 * matches every tool whose name starts with what comes before it: `fx__*`,
 * every tool of the MCP server `fx` (its tools are named `fx__<tool>`).
 *
 * @throws Error saying what is wrong and what a good rule looks like.
 */
export function parseRule(text: string): PermissionRule {
  const m = /^([A-Za-z_][\w-]*)(\*)?(?:\((.*)\))?$/s.exec(text.trim());
  if (!m)
    throw new Error(
      `"${text}" is not a rule; write a tool name, or a tool with a pattern: bash(npm test:*), edit(src/**), fx__*`,
    );
  const tool = m[1]!;
  const pattern = m[3];
  if (m[2] !== undefined) {
    if (pattern !== undefined && pattern.trim() !== '*' && pattern.trim() !== '**')
      throw new Error(`"${text}": a rule for every tool starting with "${tool}" takes no pattern`);
    return { text, tool: `${tool}*`, matches: (s) => s.tool.startsWith(tool) };
  }
  if (pattern === undefined || pattern.trim() === '*' || pattern.trim() === '**')
    return { text, tool, matches: (s) => s.tool === tool || (tool === 'edit' && s.tool === 'write') };
  if (pattern.trim() === '')
    throw new Error(`"${text}" has an empty pattern; write ${tool} alone for every call`);
  if (tool === 'bash') {
    const p = pattern.trim();
    const prefix = p.endsWith(':*') ? p.slice(0, -2).trim() : undefined;
    if (prefix === '') throw new Error(`"${text}": the prefix before :* is empty`);
    return {
      text,
      tool,
      matches: (s) =>
        s.tool === 'bash' &&
        s.command !== undefined &&
        (prefix === undefined
          ? s.command.trim() === p
          : s.command.trim() === prefix || s.command.trim().startsWith(`${prefix} `)),
    };
  }
  if (!PATH_TOOLS.has(tool))
    throw new Error(
      `"${text}": only bash and the file tools (read, write, edit, grep, glob) take a pattern; write ${tool} alone`,
    );
  const glob = pattern.trim().replace(/^\.\//, '');
  const isMatch = picomatch(glob, { dot: true });
  return {
    text,
    tool,
    matches: (s, root) => {
      if (s.tool !== tool && !(tool === 'edit' && s.tool === 'write')) return false;
      if (s.path === undefined) return false;
      const rel = isAbsolute(s.path) ? relative(root, s.path) : s.path.replace(/^\.\//, '');
      // A path outside the root matches only an absolute glob.
      const candidate = rel.startsWith('..') ? s.path : rel;
      return isMatch(candidate.split('\\').join('/'));
    },
  };
}

/**
 * The simple commands of a shell command line, split at `;`, `&`, `|` and
 * newlines outside quotes; `undefined` when the line does things no rule can
 * vouch for: command substitution (`$(…)`, backquotes), process substitution,
 * or output redirected to a file.
 */
export function simpleCommands(line: string): string[] | undefined {
  const parts: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (quote === '"' && (c === '`' || (c === '$' && line[i + 1] === '('))) return undefined;
      if (c === '\\' && quote === '"') {
        current += c + (line[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === quote) quote = undefined;
      current += c;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '\\') {
      current += c + (line[i + 1] ?? '');
      i++;
      continue;
    } else if (
      c === '`' ||
      (c === '$' && line[i + 1] === '(') ||
      ((c === '<' || c === '>') && line[i + 1] === '(')
    )
      return undefined;
    else if (c === '>') {
      // Allowed: 2>&1, >&2, >/dev/null; anything else writes a file.
      const rest = line.slice(i + 1);
      const m = /^(&\d|\s*\/dev\/null\b)/.exec(rest);
      if (!m) return undefined;
      current += c + m[0];
      i += m[0].length;
      continue;
    } else if (c === ';' || c === '&' || c === '|' || c === '\n') {
      if (current.trim()) parts.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  if (quote) return undefined;
  if (current.trim()) parts.push(current.trim());
  return parts;
}
