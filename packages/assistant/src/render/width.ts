// The one width measure of the assistant: pi-tui's (grapheme segmentation and
// East Asian widths from get-east-asian-width), the same the TUI checks every
// line against, so a line measured here never overflows there.
import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from '@mariozechner/pi-tui';

/** Colour (SGR) codes and OSC sequences (hyperlinks), as pi-tui's measure skips them. */
const STYLE_CODES = /\x1b\[[0-9;]*m|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Terminal columns `text` takes (escape codes count 0, CJK and emoji 2):
 * pi-tui's `visibleWidth`, with a fast path for what is printable ASCII
 * once colour codes are removed (a column per character, as it counts them).
 */
export function widthOf(text: string): number {
  const plain = text.includes('\x1b') ? text.replace(STYLE_CODES, '') : text;
  return PRINTABLE_ASCII.test(plain) ? plain.length : visibleWidth(text);
}

/** Tabs as spaces: terminals and width libraries disagree on a tab's width. */
export function expandTabs(text: string): string {
  return text.includes('\t') ? text.replace(/\t/g, '    ') : text;
}

/** Wraps styled text to lines of at most `width` columns (words first, long words split); keeps styles across breaks. */
export function wrap(text: string, width: number): string[] {
  const w = Math.max(1, width);
  return wrapTextWithAnsi(expandTabs(text), w).map((l) => (widthOf(l) > w ? truncateToWidth(l, w, '') : l));
}

/** Cuts styled text to `width` columns, ending with `…` when cut. */
export function truncate(text: string, width: number): string {
  const expanded = expandTabs(text);
  const w = Math.max(1, width);
  // Most lines fit, and truncateToWidth walks every grapheme to find that out
  // (returning a fitting line as it is).
  return widthOf(expanded) <= w ? expanded : truncateToWidth(expanded, w, '…');
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Breaks plain text (no escape codes) into pieces of at most `width`
 * columns, every character kept (no word wrapping that drops a space, no
 * `…`): what a person approves must be visible in full.
 */
export function breakAt(text: string, width: number): string[] {
  const plain = expandTabs(text);
  const w = Math.max(1, width);
  if (widthOf(plain) <= w) return [plain];
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const { segment } of graphemes.segment(plain)) {
    const cols = widthOf(segment);
    // A wide character that would straddle the edge starts the next piece.
    if (used + cols > w && piece !== '') {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += segment;
    used += cols;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}
