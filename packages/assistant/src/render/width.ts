// The one width measure of the assistant: pi-tui's (grapheme segmentation and
// East Asian widths from get-east-asian-width), the same the TUI checks every
// line against, so a line measured here never overflows there.
import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from '@mariozechner/pi-tui';

/** Terminal columns `text` takes (escape codes count 0, CJK and emoji 2). */
export function widthOf(text: string): number {
  return visibleWidth(text);
}

/** Tabs as spaces: terminals and width libraries disagree on a tab's width. */
export function expandTabs(text: string): string {
  return text.includes('\t') ? text.replace(/\t/g, '    ') : text;
}

/** Wraps styled text to lines of at most `width` columns (words first, long words split); keeps styles across breaks. */
export function wrap(text: string, width: number): string[] {
  const w = Math.max(1, width);
  return wrapTextWithAnsi(expandTabs(text), w).map((l) =>
    visibleWidth(l) > w ? truncateToWidth(l, w, '') : l,
  );
}

/** Cuts styled text to `width` columns, ending with `…` when cut. */
export function truncate(text: string, width: number): string {
  return truncateToWidth(expandTabs(text), Math.max(1, width), '…');
}
