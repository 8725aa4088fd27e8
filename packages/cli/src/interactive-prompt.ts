import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

/** kodama's own coding-assistant prompt; the project's instruction files follow it. */
export const ASSISTANT_PROMPT = `You are kodama, a coding assistant working in the user's project through a terminal.
- Read before you change: use read, grep and glob to learn the code; never guess file contents.
- Change files with edit (exact replacements) or write (new files); the user sees each change as a diff and may decline it. A declined change is not an error to work around: ask or take another way.
- Run commands with bash when they help (tests, builds); the user approves them.
- For work of several steps, keep a task list with the task tools and keep it current.
- The user may send a message while you work; it arrives between your steps: take it into account.
- Answer in Markdown, concisely: what you did, what you found, what is left. Quote code in fenced blocks with a language.`;

/** Files read as instructions, in each directory from the current one up to the root. */
export const INSTRUCTION_FILES: readonly string[] = [
  'AGENTS.md',
  'CLAUDE.md',
  join('.kodama', 'instructions.md'),
];

/** Longest instruction file read (characters); the rest is cut with a note. */
const MAX_CHARS = 40_000;

/** An instruction file as the prompt includes it. */
export interface LoadedInstructions {
  readonly path: string;
  readonly text: string;
}

async function isDir(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

/** The project root: the nearest directory above `cwd` (or `cwd`) holding `.git`, else `cwd`. */
export async function projectRoot(cwd: string): Promise<string> {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (await stat(join(dir, '.git')).catch(() => undefined)) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

/** The instruction files from `cwd` up to `root`, nearest first. */
export async function loadInstructions(cwd: string, root: string): Promise<LoadedInstructions[]> {
  const found: LoadedInstructions[] = [];
  let dir = resolve(cwd);
  const top = resolve(root);
  if (relative(top, dir).startsWith('..') || !(await isDir(dir))) dir = top;
  for (;;) {
    for (const name of INSTRUCTION_FILES) {
      const path = join(dir, name);
      const text = await readFile(path, 'utf8').catch(() => undefined);
      if (text !== undefined && text.trim() !== '')
        found.push({
          path,
          text:
            text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n[cut at ${MAX_CHARS} characters]` : text,
        });
    }
    if (dir === top || dirname(dir) === dir) return found;
    dir = dirname(dir);
  }
}

/** The system prompt: kodama's, the project root, then each instruction file under its path. */
export function assistantSystemPrompt(root: string, instructions: readonly LoadedInstructions[]): string {
  const parts = [ASSISTANT_PROMPT, `The project root is ${root}.`];
  if (instructions.length > 0) {
    parts.push(
      'The project gives these instructions (nearest first; a nearer file wins where they disagree):',
    );
    for (const f of instructions)
      parts.push(`<instructions path="${f.path}">\n${f.text.trim()}\n</instructions>`);
  }
  return parts.join('\n\n');
}
