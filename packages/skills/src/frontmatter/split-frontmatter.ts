/** A `SKILL.md` cut in two: the YAML between the `---` lines, and the Markdown after them. */
export interface SplitFrontmatter {
  readonly yaml: string;
  /** The text after the closing `---` line. */
  readonly body: string;
}

/** The opening line: `---` first in the file (after an optional byte-order mark). */
const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
/** The closing line, followed by a line break. */
const CLOSE = /^---[ \t]*\r?\n/m;
/** The closing line as the file's last line. */
const CLOSE_AT_END = /^---[ \t]*$/m;

/**
 * Splits `text` at its frontmatter: `'none'` when the text does not open with a
 * `---` line, `'unclosed'` when no closing `---` line follows (yet). With
 * `complete: false` the text may be the first part of a longer file, so a
 * closing line must end in a line break to count.
 */
export function splitFrontmatter(text: string, complete = true): SplitFrontmatter | 'none' | 'unclosed' {
  const open = OPEN.exec(text);
  if (!open) return 'none';
  const rest = text.slice(open[0].length);
  const close = CLOSE.exec(rest) ?? (complete ? lastLineClose(rest) : null);
  if (!close) return 'unclosed';
  return { yaml: rest.slice(0, close.index), body: rest.slice(close.index + close[0].length) };
}

function lastLineClose(rest: string): RegExpExecArray | null {
  const close = CLOSE_AT_END.exec(rest);
  return close && close.index + close[0].length === rest.length ? close : null;
}
