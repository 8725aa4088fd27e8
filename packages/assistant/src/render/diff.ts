import { stripControlSequences } from '@kodama/core/listeners';
import { structuredPatch } from 'diff';
import { Entry } from './entries.ts';
import type { Theme } from './theme.ts';
import { truncate } from './width.ts';

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
 * dim; long lines cut. The file's text is shown without its terminal control
 * sequences (a file the model writes can hold them); the file keeps them.
 */
export class DiffEntry extends Entry {
  private readonly title: string;
  private readonly diff: string;

  constructor(
    title: string,
    diff: string,
    private readonly theme: Theme,
  ) {
    super();
    this.title = stripControlSequences(title);
    this.diff = stripControlSequences(diff);
  }

  protected draw(width: number): string[] {
    const t = this.theme;
    const head = truncate(`${t.accent('●')} ${t.bold(this.title)}`, width);
    const body = this.diff.split('\n').map((l) => {
      const style = l.startsWith('+')
        ? t.added
        : l.startsWith('-')
          ? t.removed
          : l.startsWith('@@')
            ? t.dim
            : (s: string) => s;
      return truncate(`  ${style(l)}`, width);
    });
    return [head, ...body];
  }
}
