// One custom slash command file: a Markdown file whose name is the command's
// name and whose body is the prompt, with optional front matter (the Claude
// Code / opencode convention). The front matter is read by a small strict
// parser of the few keys a command has: a misspelt key (`allowed_tools`)
// must not quietly give a command every tool, so anything it does not know
// refuses the file with a message naming the line.

/** Where a custom command comes from: the person's own folder, or a trusted project's. */
export type CommandSource = 'user' | 'project';

/** A custom slash command as read from its file. */
export interface CustomCommand {
  /** `review`, or `frontend:review` for `frontend/review.md`. */
  readonly name: string;
  readonly description: string;
  readonly argumentHint?: string;
  /** The prompt template: `$ARGUMENTS`, `$1`, `$2`, … are replaced by the arguments. */
  readonly template: string;
  /** Tool rules (`read`, `bash(git diff:*)`) the command's turn is limited to; undefined: no limit. */
  readonly allowedTools?: readonly string[];
  /** The model target its turn uses. */
  readonly model?: string;
  readonly source: CommandSource;
  /** The file it was read from. */
  readonly path: string;
  /** The file as `/help` names it (`.kodama/commands/review.md`, `~/.config/kodama/commands/x.md`). */
  readonly shownPath: string;
}

/** Keys the parser takes, and those of other tools it accepts and ignores. */
const KEYS = new Set(['description', 'argument-hint', 'allowed-tools', 'model']);
const IGNORED = new Set(['disable-model-invocation', 'agent', 'subtask']);

/** A command name: words of letters, digits, `-` and `_`, folders joined by `:`. */
export const COMMAND_NAME = /^[A-Za-z0-9][\w-]*(?::[A-Za-z0-9][\w-]*)*$/;

/** The longest description shown (the first line of a long body is cut). */
const MAX_DESCRIPTION = 80;

/**
 * Reads a command file's text. Returns the command, or a message saying what
 * is wrong with the file (`line 3: unknown key "allowed_tools"; …`).
 */
export function parseCommandFile(
  name: string,
  text: string,
  where: { readonly source: CommandSource; readonly path: string; readonly shownPath?: string },
): CustomCommand | string {
  if (!COMMAND_NAME.test(name))
    return `"${name}" is not a command name; use letters, digits, - and _ (folders become dir:name)`;
  const split = splitFrontMatter(text);
  if (typeof split === 'string') return split;
  const meta = parseFrontMatter(split.yaml);
  if (typeof meta === 'string') return meta;
  const template = split.body.replace(/^\s*\n/, '').trimEnd();
  if (template.trim() === '') return 'the file has no prompt after its front matter';
  for (const key of ['description', 'argument-hint', 'model'] as const)
    if (Array.isArray(meta[key])) return `"${key}" must be one line of text, not a list`;
  const description = (meta.description as string | undefined) ?? firstLine(template);
  const tools = meta['allowed-tools'];
  const allowedTools = tools === undefined ? undefined : toolList(tools);
  if (allowedTools?.length === 0) return '"allowed-tools" is empty; list the tools, or leave the key out';
  return {
    name,
    description,
    template,
    source: where.source,
    path: where.path,
    shownPath: where.shownPath ?? where.path,
    ...(meta['argument-hint'] ? { argumentHint: meta['argument-hint'] as string } : {}),
    ...(allowedTools ? { allowedTools } : {}),
    ...(meta.model ? { model: meta.model as string } : {}),
  };
}

function firstLine(body: string): string {
  const line = body.split('\n').find((l) => l.trim() !== '') ?? '';
  const text = line.replace(/^#+\s*/, '').trim();
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

/**
 * `Read, Bash(git diff:*)`, `Read Bash(git diff:*)` (the Agent Skills
 * format's spaces) or a list: the tool rules, split at commas and spaces
 * outside parentheses, so `Bash(gh issue:*)` stays one rule.
 */
function toolList(value: string | readonly string[]): string[] {
  const items = typeof value === 'string' ? splitOutside(value, /[\s,]/) : value;
  return items.map((t) => t.trim()).filter((t) => t !== '');
}

function splitOutside(text: string, separator = /,/): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && separator.test(c)) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

/** The YAML between a first `---` line and the next one, and the body after it; no front matter: all body. */
function splitFrontMatter(text: string): { yaml: string; body: string } | string {
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(text);
  if (!open) return { yaml: '', body: text.replace(/^\uFEFF/, '') };
  const rest = text.slice(open[0].length);
  const close = /^---[ \t]*(?:\r?\n|$)/m.exec(rest);
  if (!close) return 'its front matter has no closing --- line';
  return { yaml: rest.slice(0, close.index), body: rest.slice(close.index + close[0].length) };
}

type Meta = Record<string, string | string[]>;

/**
 * The front matter's keys: `key: value` (plain, 'single' or "double" quoted),
 * `key: [a, b]`, or `key:` followed by `- item` lines. Blank and `#` lines
 * are skipped; anything else is an error naming its line.
 */
export function parseFrontMatter(yaml: string): Meta | string {
  const meta: Meta = {};
  const lines = yaml.split(/\r?\n/);
  let list: string[] | undefined;
  for (const [i, raw] of lines.entries()) {
    const at = `line ${i + 2} of the front matter`;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const item = /^\s+-\s+(.*)$/.exec(raw) ?? /^-\s+(.*)$/.exec(raw);
    if (item) {
      if (!list) return `${at}: a "- item" line belongs under a key`;
      const value = scalar(item[1]!);
      if (value === undefined) return `${at}: cannot read ${JSON.stringify(item[1])}`;
      list.push(value);
      continue;
    }
    const pair = /^([A-Za-z][\w-]*):(?:[ \t]+(.*?))?[ \t]*$/.exec(raw);
    if (!pair) return `${at}: expected "key: value", got ${JSON.stringify(raw.slice(0, 60))}`;
    const key = pair[1]!;
    if (Object.hasOwn(meta, key)) return `${at}: "${key}" is given twice`;
    if (!KEYS.has(key) && !IGNORED.has(key))
      return `${at}: unknown key "${key}"; a command takes ${[...KEYS].join(', ')}`;
    const text = pair[2] ?? '';
    list = undefined;
    let value: string | string[] | undefined;
    if (text === '') {
      list = [];
      value = list;
    } else if (text.startsWith('[')) {
      if (!text.endsWith(']')) return `${at}: a [list] must close on the same line`;
      const items = splitOutside(text.slice(1, -1)).map((t) => t.trim());
      const read = items.filter((t) => t !== '').map(scalar);
      if (read.some((v) => v === undefined)) return `${at}: cannot read the list ${text}`;
      value = read as string[];
    } else value = scalar(text);
    if (value === undefined) return `${at}: cannot read the value ${JSON.stringify(text)}`;
    if (!IGNORED.has(key)) meta[key] = value;
  }
  return meta;
}

/** A plain, 'single' or "double" quoted scalar; undefined for an unclosed quote. */
function scalar(text: string): string | undefined {
  const t = text.trim();
  if (t.startsWith('"')) {
    try {
      const value = JSON.parse(t) as unknown;
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }
  if (t.startsWith("'")) return /^'((?:[^']|'')*)'$/.exec(t)?.[1]?.replace(/''/g, "'");
  return t.replace(/\s+#.*$/, '');
}
