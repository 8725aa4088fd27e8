// pi-tui draws its children as one buffer from row 0 and keeps the previous
// frame's every row to compare with the next, so a long session kept every
// row it ever drew twice (the transcript's entries, pi-tui's previous frame
// and frame-memo's copy), and the heap grew with the session. A terminal
// agent need not: once a finished entry's rows have scrolled above the
// viewport into the terminal's scrollback, the terminal holds them as printed.
// After each frame this lets the transcript drop those entries and moves
// pi-tui's bookkeeping up by the same rows (the previous frame, the cursor
// rows, the viewport top), as if the buffer began below them. What pi-tui
// writes does not change: its moves are relative to the viewport, and the
// rows dropped were above it (a test compares the bytes with a plain TUI's).
//
// A full redraw (a resize, Ctrl+O, Ctrl+T) clears the screen and, in pi-tui,
// the scrollback too, then prints every row it has. Once rows were let go it
// has not all of them, so the scrollback is kept instead: the rows let go
// stay there as printed (at the old width after a resize), and the kept rows
// are drawn again below them.
import type { Terminal, TUI } from '@mariozechner/pi-tui';
import { shiftFrameMemo } from './frame-memo.ts';
import type { Transcript } from './transcript.ts';

/** Erase Saved Lines: pi-tui writes it with each full redraw. */
const CLEAR_SCROLLBACK = '\x1b[3J';

/**
 * Rows let go at once, in screens: rows are let go when a screen's worth is
 * above the viewport, so pi-tui's bookkeeping moves once per screen of
 * output rather than every frame, and a full redraw prints again at most that
 * much of what the scrollback already shows.
 */
const BATCH_SCREENS = 1;

/** The private state of pi-tui 0.73's TUI that a frame leaves behind. */
interface FrameState {
  doRender?: () => void;
  previousLines?: string[];
  previousViewportTop?: number;
  previousWidth?: number;
  cursorRow?: number;
  hardwareCursorRow?: number;
  maxLinesRendered?: number;
  overlayStack?: unknown[];
  children: unknown[];
  terminal: Terminal;
}

/**
 * Lets `transcript` (the first child of `tui`) drop the finished entries the
 * terminal's scrollback already holds, after each frame (see the file
 * comment). Returns false, changing nothing, when this pi-tui does not keep
 * the state it needs.
 */
export function releaseScrollback(tui: TUI, transcript: Transcript): boolean {
  const state = tui as unknown as FrameState;
  const render = state.doRender;
  const numbers = [
    state.previousViewportTop,
    state.previousWidth,
    state.cursorRow,
    state.hardwareCursorRow,
    state.maxLinesRendered,
  ];
  if (
    typeof render !== 'function' ||
    !Array.isArray(state.previousLines) ||
    !numbers.every((n) => typeof n === 'number')
  )
    return false;
  const s = state as Required<FrameState>;
  s.doRender = () => {
    if (transcript.releasedRows === 0) render.call(tui);
    else keepScrollback(s.terminal, () => render.call(tui));
    const height = s.terminal.rows;
    // Rows wholly above the viewport, which the cursor never goes back to.
    const above = Math.min(s.previousViewportTop, s.cursorRow, s.hardwareCursorRow);
    if (s.children[0] !== transcript || s.overlayStack.length > 0 || above < height * BATCH_SCREENS) return;
    const rows = transcript.release(above, s.previousWidth);
    if (rows === 0) return;
    s.previousLines.splice(0, rows);
    s.previousViewportTop -= rows;
    s.cursorRow -= rows;
    s.hardwareCursorRow -= rows;
    s.maxLinesRendered = Math.max(0, s.maxLinesRendered - rows);
    shiftFrameMemo(tui, rows);
  };
  return true;
}

/** Runs `draw` with the terminal's writes stripped of the scrollback clear. */
function keepScrollback(terminal: Terminal, draw: () => void): void {
  const own = Object.hasOwn(terminal, 'write');
  const write = terminal.write;
  terminal.write = (data: string) => write.call(terminal, data.replaceAll(CLEAR_SCROLLBACK, ''));
  try {
    draw();
  } finally {
    if (own) terminal.write = write;
    else delete (terminal as { write?: unknown }).write;
  }
}
