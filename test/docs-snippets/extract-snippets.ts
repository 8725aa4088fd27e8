// Finds the TypeScript blocks of a Markdown page, with the marks that say how
// the docs test treats each one (see docs-snippets.test.ts).
import { readFileSync } from 'node:fs';

/** How a block is checked: run after type-checking, type-checked only, or neither. */
export type SnippetMode = 'run' | 'typecheck' | 'fragment';

/** One ```ts block of a page. */
export interface Snippet {
  /** The page, relative to the repository root, e.g. `docs/core.md`. */
  readonly file: string;
  /** The 1-based line of the opening fence; the code starts on the next line. */
  readonly line: number;
  /** The block's 1-based position among the page's TypeScript blocks. */
  readonly index: number;
  readonly code: string;
  readonly mode: SnippetMode;
  /** Why a block is not run (from its mark). */
  readonly reason?: string;
}

const FENCE = /^```(ts|typescript)\s*$/;
const MARK = /^<!--\s*(fragment|typecheck only)(?::\s*(.*?))?\s*-->$/;

/** The TypeScript blocks of the page at `root`/`file`. */
export function extractSnippets(root: string, file: string): Snippet[] {
  const lines = readFileSync(`${root}/${file}`, 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!FENCE.test(lines[i] ?? '')) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${file}:${i + 1}: a TypeScript block that is never closed`);
    const mark = MARK.exec((lines[i - 1] ?? '').trim());
    const mode: SnippetMode = mark?.[1] === 'fragment' ? 'fragment' : mark ? 'typecheck' : 'run';
    const reason = mark?.[2];
    snippets.push({
      file,
      line: i + 1,
      index: snippets.length + 1,
      code: `${lines.slice(i + 1, end).join('\n')}\n`,
      mode,
      ...(reason ? { reason } : {}),
    });
    i = end;
  }
  return snippets;
}
