import { stripControlSequences } from '@kodama/core/listeners';
import { structuredPatch } from 'diff';
import { Entry } from './entries.ts';
import type { Theme } from './theme.ts';
import { breakAt, wrap } from './width.ts';

/**
 * A unified diff of one file's text (3 lines of context), without the
 * `---`/`+++` header: `@@` hunk lines, then ` `, `-` and `+` lines. A new
 * file (before `undefined`) is all `+` lines.
 */
export function unifiedDiff(before: string | undefined, after: string): string {
  const patch = structuredPatch('a', 'b', before ?? '', after, '', '', { context: 3 });
  const out: string[] = [];
  for (const hunk of patch.hunks) {
    // An empty side starts at line 0, as git writes it.
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    out.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines) if (!line.startsWith('\\')) out.push(line);
  }
  return out.join('\n');
}

/** Counts of added and removed lines in a unified diff. */
export function diffStat(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of diff.split('\n')) {
    if (l.startsWith('+')) added++;
    else if (l.startsWith('-')) removed++;
  }
  return { added, removed };
}

/**
 * A unified diff drawn in colour: additions green, removals red, hunk headers
 * dim. A long line wraps (every character kept, never cut with `…`): a
 * person approves what they can read. With `foldAt`, only that many lines
 * show until expanded (an edit a rule allowed, shown for the record). The
 * file's text is shown without its terminal control sequences (a file the
 * model writes can hold them); the file keeps them.
 */
export class DiffEntry extends Entry {
  private readonly title: string;
  private readonly diff: string;
  #expanded = false;

  constructor(
    title: string,
    diff: string,
    private readonly theme: Theme,
    private readonly foldAt?: number,
  ) {
    super();
    this.title = stripControlSequences(title);
    this.diff = stripControlSequences(diff);
  }

  /** Shows every line of a folded diff, or folds it back. */
  setExpanded(expanded: boolean): void {
    if (this.#expanded === expanded) return;
    this.#expanded = expanded;
    this.changed();
  }

  protected draw(width: number): string[] {
    const t = this.theme;
    const head = wrap(`${t.accent('●')} ${t.bold(this.title)}`, width);
    const all = this.diff.split('\n');
    const shown = this.foldAt === undefined || this.#expanded ? all : all.slice(0, this.foldAt);
    const body = shown.flatMap((l) => {
      const style = l.startsWith('+')
        ? t.added
        : l.startsWith('-')
          ? t.removed
          : l.startsWith('@@')
            ? t.dim
            : (s: string) => s;
      // Continuation pieces sit one column in, under the text after the +/- marker.
      return breakAt(l, Math.max(1, width - 3)).map((piece, i) => `${i === 0 ? '  ' : '   '}${style(piece)}`);
    });
    const more = all.length - shown.length;
    return more > 0
      ? [...head, ...body, t.dim(`  … ${more} more lines (Ctrl+O shows all)`)]
      : [...head, ...body];
  }
}
