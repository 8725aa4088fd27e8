// pi-tui's frame work grows with the whole screen's history, not with what
// changed: every frame it re-terminates every line (`applyLineResets`: a
// regular expression and a new string per line), scans every line for image
// ids, then compares each fresh string with the previous frame's character by
// character. A 2,000-line answer made that ~800 µs per frame. Both steps are
// pure functions of one line, so a line that is the same string as at the
// same row of the previous frame takes the previous result (the same string
// object: the comparison then costs a pointer check). Lines that changed go
// through pi-tui's own code, one line at a time, so the output is identical.
import type { TUI } from '@mariozechner/pi-tui';

/** The per-line steps of pi-tui 0.73's frame (private there; left alone when absent). */
interface FrameSteps {
  applyLineResets?: (lines: string[]) => string[];
  collectKittyImageIds?: (lines: string[]) => Set<number>;
}

const NO_IDS: readonly number[] = Object.freeze([]);

/** What each memoized TUI remembers of its previous frame, row by row. */
interface Memo {
  rawBefore: string[];
  resetBefore: string[];
  linesBefore: string[];
  idsBefore: (readonly number[])[];
}

const memos = new WeakMap<TUI, Memo>();

/**
 * Drops the first `rows` rows of the remembered frame, as the screen's own
 * bookkeeping drops them ({@link releaseScrollback}): the rows below keep
 * their results instead of all missing once because their index moved.
 */
export function shiftFrameMemo(tui: TUI, rows: number): void {
  const memo = memos.get(tui);
  if (!memo || rows <= 0) return;
  memo.rawBefore.splice(0, rows);
  memo.resetBefore.splice(0, rows);
  memo.linesBefore.splice(0, rows);
  memo.idsBefore.splice(0, rows);
}

/**
 * Makes pi-tui's per-frame line work proportional to the lines that changed
 * since the previous frame (see the file comment). Returns false, changing
 * nothing, when this pi-tui has no such steps.
 */
export function memoizeFrameLines(tui: TUI): boolean {
  const steps = tui as unknown as FrameSteps;
  const reset = steps.applyLineResets;
  const collect = steps.collectKittyImageIds;
  if (typeof reset !== 'function' || typeof collect !== 'function') return false;
  const memo: Memo = { rawBefore: [], resetBefore: [], linesBefore: [], idsBefore: [] };
  memos.set(tui, memo);
  steps.applyLineResets = (lines) => {
    const raw = lines.slice();
    const { rawBefore, resetBefore } = memo;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      lines[i] = rawBefore[i] === line ? (resetBefore[i] as string) : (reset.call(tui, [line])[0] as string);
    }
    memo.rawBefore = raw;
    memo.resetBefore = lines.slice();
    return lines;
  };
  steps.collectKittyImageIds = (lines) => {
    const all = new Set<number>();
    const ids: (readonly number[])[] = new Array(lines.length);
    const { linesBefore, idsBefore } = memo;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      let found = linesBefore[i] === line ? idsBefore[i] : undefined;
      if (found === undefined) {
        const set = collect.call(tui, [line]);
        found = set.size === 0 ? NO_IDS : [...set];
      }
      ids[i] = found;
      if (found !== NO_IDS) for (const id of found) all.add(id);
    }
    memo.linesBefore = lines.slice();
    memo.idsBefore = ids;
    return all;
  };
  return true;
}
