// Custom slash commands: Markdown files in the person's commands folder and,
// in a trusted project, the project's (the CLI decides which folders; an
// untrusted project's are never read). Loading reads every `*.md` under a
// folder (`dir/name.md` is `/dir:name`); a bad file is skipped with a
// warning and the others load. Running one expands its template with the
// arguments and sends it as a turn.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { type CommandSource, type CustomCommand, parseCommandFile } from './command-file.ts';
import { allowedToolRules } from './command-tools.ts';
import type { SlashContext } from './slash-commands.ts';

/** A folder of command files and whose it is. */
export interface CommandFolder {
  readonly dir: string;
  readonly source: CommandSource;
  /** The folder as `/help` names it (`.kodama/commands`); default `dir`. */
  readonly label?: string;
}

/** The commands read, and a line for each file that was skipped or shadowed. */
export interface LoadedCommands {
  readonly commands: readonly CustomCommand[];
  readonly warnings: readonly string[];
}

/** Largest command file read (a prompt, not a document). */
const MAX_FILE_BYTES = 64 * 1024;

/**
 * Reads the command files of `folders`, in order: a name already taken (by
 * a built-in command in `reserved`, or by an earlier folder) keeps its first
 * owner and the later file is skipped with a warning. `check` may refuse a
 * command (a project's command naming a model the person could not select).
 */
export async function loadCustomCommands(
  folders: readonly CommandFolder[],
  options: {
    readonly reserved?: readonly string[];
    readonly check?: (command: CustomCommand) => string | undefined;
  } = {},
): Promise<LoadedCommands> {
  const commands: CustomCommand[] = [];
  const warnings: string[] = [];
  const reserved = new Set(options.reserved ?? []);
  for (const folder of folders) {
    for (const path of await markdownFiles(folder.dir)) {
      const name = relative(folder.dir, path).slice(0, -'.md'.length).split(sep).join(':');
      const shownPath = join(folder.label ?? folder.dir, relative(folder.dir, path));
      const read = await readCommand(name, path, { source: folder.source, path, shownPath });
      const problem = typeof read === 'string' ? read : options.check?.(read);
      if (problem !== undefined || typeof read === 'string') {
        warnings.push(`command file ${path} was not loaded: ${problem}`);
        continue;
      }
      if (reserved.has(name)) {
        warnings.push(`command file ${path} is not used: /${name} is a built-in command`);
        continue;
      }
      const taken = commands.find((c) => c.name === name);
      if (taken) {
        warnings.push(`command file ${path} is not used: /${name} is already ${taken.path}`);
        continue;
      }
      commands.push(read);
    }
  }
  return { commands, warnings };
}

async function readCommand(name: string, path: string, where: Parameters<typeof parseCommandFile>[2]) {
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES) return `it is larger than ${MAX_FILE_BYTES / 1024} KB`;
    const command = parseCommandFile(name, await readFile(path, 'utf8'), where);
    // A bad rule in allowed-tools refuses the file now, not when the command runs.
    if (typeof command !== 'string' && command.allowedTools)
      allowedToolRules(name, command.allowedTools, '/');
    return command;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The `*.md` files under `dir`, sorted; none when it does not exist. */
async function markdownFiles(dir: string): Promise<string[]> {
  let entries: { name: string; parentPath?: string; isFile(): boolean }[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => join(e.parentPath ?? (e as { path?: string }).path ?? dir, e.name))
    .sort();
}

/**
 * The arguments split as a shell would: words at spaces, `'…'` and `"…"`
 * keep spaces, a backslash escapes the next character.
 *
 * @throws Error for an unclosed quote.
 */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i]!;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < text.length) word = (word ?? '') + text[++i]!;
    else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (quote) throw new Error(`the arguments have an unclosed ${quote}`);
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * The command's prompt: `$ARGUMENTS` is the arguments as typed, `$1`, `$2`,
 * … the words of {@link splitArguments} (empty when missing). A template
 * that uses neither gets the arguments on a line of their own at the end.
 *
 * @throws Error for an unclosed quote in the arguments.
 */
export function expandCommand(template: string, args: string): string {
  const words = /\$[1-9]/.test(template) ? splitArguments(args) : [];
  const uses = /\$ARGUMENTS|\$[1-9]/.test(template);
  const expanded = template.replace(/\$ARGUMENTS|\$([1-9]\d*)/g, (_m, n: string | undefined) =>
    n === undefined ? args : (words[Number(n) - 1] ?? ''),
  );
  return uses || args === '' ? expanded : `${expanded}\n\n${args}`;
}

/** The custom commands' lines in `/help`: each with where it comes from. */
export function customHelp(commands: readonly CustomCommand[], width: number): string[] {
  if (commands.length === 0) return [];
  const w = Math.max(width, ...commands.map((c) => c.name.length + (c.argumentHint?.length ?? 0) + 2));
  return [
    '',
    'custom commands (Markdown files):',
    ...commands.map(
      (c) =>
        `/${`${c.name} ${c.argumentHint ?? ''}`.padEnd(w)} ${c.description} (${c.source}: ${c.shownPath})`,
    ),
  ];
}

/** Runs `/name args` of a custom command: its prompt as a turn, shown as typed. */
export async function runCustomCommand(
  command: CustomCommand,
  args: string,
  ctx: SlashContext,
): Promise<void> {
  const name = `/${command.name}`;
  if (ctx.app.busy) return ctx.say(`${name} waits until the turn ends (Esc cancels it)`, 'warning');
  let prompt: string;
  try {
    prompt = expandCommand(command.template, args);
  } catch (error) {
    return ctx.say(`${name}: ${(error as Error).message}`, 'error');
  }
  try {
    await ctx.app.commandTurn(prompt, args ? `${name} ${args}` : name, command);
  } catch (error) {
    ctx.say(`${name}: ${(error as Error).message}`, 'error');
  }
}
