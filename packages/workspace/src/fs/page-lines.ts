/** Limits of one read page. */
export interface PageLimits {
  /** First line to show, 1-based. */
  readonly offset: number;
  /** Most lines to show. */
  readonly limit: number;
  /** Most bytes of output (the line that would cross it is not shown). */
  readonly maxBytes: number;
  /** Longer lines are cut, with a marker that suggests grep. */
  readonly maxLineLength: number;
}

/** One page of numbered lines. */
export interface Page {
  /** `cat -n` shaped lines (`%6d\t<line>`), joined by newlines. */
  readonly text: string;
  /** Last line number shown (offset - 1 when none). */
  readonly lastLine: number;
  /** True when lines exist after `lastLine`. */
  readonly more: boolean;
  /** Which limit stopped the page, if one did. */
  readonly stoppedBy: 'lines' | 'bytes' | undefined;
  /** Lines seen in total (all of the file when `more` is false). */
  readonly linesSeen: number;
}

/** Formats lines `offset..` in `cat -n` shape until a limit is hit. Lines may end in `\r` (dropped). */
export async function pageLines(
  lines: AsyncIterable<string> | Iterable<string>,
  limits: PageLimits,
): Promise<Page> {
  const out: string[] = [];
  let bytes = 0;
  let number = 0;
  let stoppedBy: Page['stoppedBy'];
  for await (const raw of lines) {
    number++;
    if (number < limits.offset) continue;
    if (stoppedBy)
      return { text: out.join('\n'), lastLine: number - 1, more: true, stoppedBy, linesSeen: number };
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.length > limits.maxLineLength) {
      line = `${line.slice(0, limits.maxLineLength)} [... line truncated: ${line.length} characters; use the grep tool to search long lines]`;
    }
    const formatted = `${String(number).padStart(6, ' ')}\t${line}`;
    const size = Buffer.byteLength(formatted) + 1;
    if (bytes + size > limits.maxBytes && out.length > 0) {
      return {
        text: out.join('\n'),
        lastLine: number - 1,
        more: true,
        stoppedBy: 'bytes',
        linesSeen: number,
      };
    }
    out.push(formatted);
    bytes += size;
    if (out.length >= limits.limit) stoppedBy = 'lines';
  }
  const lastLine = out.length > 0 ? limits.offset + out.length - 1 : limits.offset - 1;
  return { text: out.join('\n'), lastLine, more: false, stoppedBy: undefined, linesSeen: number };
}
