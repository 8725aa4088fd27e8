// releaseScrollback lets the transcript drop finished entries the terminal's
// scrollback already holds. Over a long session the screen keeps a bounded
// number of entries and rows, and writes exactly the bytes a TUI that keeps
// everything writes, frame by frame (pi-tui's cursor moves would differ if
// the bookkeeping it shifts were off by a row). A resize afterwards keeps the
// scrollback; /clear clears it again, as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AgentEvent } from '@kodama/core';
import { TUI, visibleWidth } from '@mariozechner/pi-tui';
import {
  colourTheme,
  memoizeFrameLines,
  releaseScrollback,
  TextEntry,
  TOOL_OUTPUT_EVENT,
  Transcript,
  unifiedDiff,
  VirtualTerminal,
} from '../src/internal.ts';

interface Frame {
  previousLines: string[];
  fullRedraws: number;
  doRender(): void;
}

function screen(release: boolean) {
  const terminal = new VirtualTerminal(60, 12);
  const tui = new TUI(terminal);
  memoizeFrameLines(tui);
  const transcript = new Transcript(colourTheme);
  if (release) assert.equal(releaseScrollback(tui, transcript), true);
  tui.addChild(transcript);
  tui.addChild(new TextEntry('type here', '> ', (s) => s));
  tui.start();
  const state = tui as unknown as Frame;
  const frame = () => {
    state.doRender();
    const written = terminal.output;
    terminal.reset();
    return written;
  };
  return { tui, terminal, transcript, state, frame, stop: () => tui.stop() };
}

const base = { agentId: '', turnId: 't' };
const ev = (e: Record<string, unknown>) => ({ ...base, ...e }) as unknown as AgentEvent;

/** The steps of one coding turn: prompt, reasoning, read, edit with a diff, bash with output, answer. */
function turn(i: number): Array<(t: Transcript) => void> {
  const before = Array.from({ length: 8 }, (_, k) => `const v${k} = ${k + i};`).join('\n');
  const answer = `Done: **step${i}** returns early.\n\n- one guard\n- tests pass\n\n\`\`\`ts\nif (!x) return 0;\n\`\`\`\n`;
  return [
    (t) => t.user(`turn ${i}: make step${i} return early`),
    ...['I should read ', `step${i} first`].map(
      (text) => (t: Transcript) => t.onEvent(ev({ type: 'reasoning-delta', text })),
    ),
    (t) => t.onEvent(ev({ type: 'reasoning', text: `I should read step${i} first` })),
    (t) =>
      t.onEvent(
        ev({ type: 'tool-call', toolCallId: `r${i}`, name: 'read', arguments: `{"path":"s${i}.ts"}` }),
      ),
    (t) => t.onEvent(ev({ type: 'tool-result', toolCallId: `r${i}`, status: 'ok', content: before })),
    (t) => t.diff(`edit s${i}.ts`, unifiedDiff(before, `if (!x) return 0;\n${before}`)),
    (t) =>
      t.onEvent(
        ev({ type: 'tool-call', toolCallId: `b${i}`, name: 'bash', arguments: '{"command":"npm test"}' }),
      ),
    ...[0, 1, 2].map(
      (k) => (t: Transcript) =>
        t.onEvent(
          ev({ type: 'domain', name: TOOL_OUTPUT_EVENT, data: { toolCallId: `b${i}`, text: `ok ${k}\n` } }),
        ),
    ),
    (t) => t.onEvent(ev({ type: 'tool-result', toolCallId: `b${i}`, status: 'ok', content: 'pass 3' })),
    ...answer
      .match(/.{1,9}/gs)!
      .map((text) => (t: Transcript) => t.onEvent(ev({ type: 'assistant-delta', text }))),
    (t) => t.onEvent(ev({ type: 'assistant', text: answer })),
  ];
}

const TURNS = 120;

test('over a long session the screen keeps a bounded number of entries and writes what a full screen writes', () => {
  const full = screen(false);
  const kept = screen(true);
  let frames = 0;
  let maxEntries = 0;
  let maxRows = 0;
  for (let i = 0; i < TURNS; i++)
    for (const step of turn(i)) {
      step(full.transcript);
      step(kept.transcript);
      assert.equal(kept.frame(), full.frame(), `frame ${frames} (turn ${i})`);
      frames++;
      maxEntries = Math.max(maxEntries, kept.transcript.entries.length);
      maxRows = Math.max(maxRows, kept.state.previousLines.length);
    }
  assert.equal(kept.state.fullRedraws, full.state.fullRedraws);
  // The full screen keeps all 6 entries of every turn and every row; the kept one a few screens' worth.
  assert.equal(full.transcript.entries.length, TURNS * 6);
  assert.ok(full.state.previousLines.length > TURNS * 20);
  assert.ok(maxEntries <= 30, `at most ${maxEntries} entries kept`);
  assert.ok(maxRows <= 4 * 12 + 20, `at most ${maxRows} rows kept`);
  assert.equal(
    kept.transcript.releasedRows + kept.state.previousLines.length,
    full.state.previousLines.length,
  );
  // What is kept is the end of the conversation, drawn as the full screen draws it.
  assert.deepEqual(kept.state.previousLines, full.state.previousLines.slice(kept.transcript.releasedRows));
  full.stop();
  kept.stop();
});

test('a resize after rows were let go keeps the scrollback and draws the kept rows at the new width', () => {
  const full = screen(false);
  const kept = screen(true);
  for (let i = 0; i < 30; i++)
    for (const step of turn(i)) {
      step(full.transcript);
      step(kept.transcript);
      full.frame();
      kept.frame();
    }
  assert.ok(kept.transcript.releasedRows > 0);
  full.terminal.columns = 40;
  kept.terminal.columns = 40;
  const reprinted = full.frame();
  const redrawn = kept.frame();
  // pi-tui clears the scrollback and prints the whole conversation again, from turn 0 …
  assert.ok(reprinted.includes('\x1b[3J') && reprinted.includes('turn 0:'));
  // … the kept screen clears the screen only: turn 0 stays in the scrollback as printed, the last answer is drawn again.
  assert.ok(!redrawn.includes('\x1b[3J'));
  assert.ok(redrawn.includes('\x1b[2J'));
  assert.ok(!redrawn.includes('turn 0:'));
  assert.ok(redrawn.includes('step29') && redrawn.includes('tests pass'));
  for (const row of kept.state.previousLines) assert.ok(visibleWidth(row) <= 40, row);
  // It goes on as before at the new width: a new prompt is drawn, nothing else is redrawn in full.
  const redraws = kept.state.fullRedraws;
  kept.transcript.user('and one more thing');
  assert.ok(kept.frame().includes('and one more thing'));
  assert.equal(kept.state.fullRedraws, redraws);
  full.stop();
  kept.stop();
});

test('entries still changing are kept, with everything after them, until they finish', () => {
  const kept = screen(true);
  const shell = kept.transcript.shell('npm run build');
  for (let i = 0; i < 80; i++) kept.transcript.notice(`line ${i}`);
  kept.frame();
  kept.frame();
  // The running command's rows are far above the viewport, but its line still changes: nothing is let go.
  assert.equal(kept.transcript.releasedRows, 0);
  assert.equal(kept.transcript.entries.length, 81);
  shell.finish('ok', 'built');
  kept.frame();
  kept.transcript.notice('done');
  kept.frame();
  assert.ok(kept.transcript.releasedRows > 0);
  assert.ok(kept.transcript.entries.length < 20);
  // A Run's call is awaited until its result, or until the Run ends without one (it gets none after).
  kept.transcript.onEvent(
    ev({ type: 'tool-call', toolCallId: 'c1', name: 'read', arguments: '{"path":"a.ts"}' }),
  );
  const call = kept.transcript.entries.at(-1);
  for (let i = 0; i < 80; i++) kept.transcript.notice(`more ${i}`);
  kept.frame();
  kept.frame();
  // What came before it may go; the call and the 80 notices after it stay.
  assert.equal(kept.transcript.entries[0], call);
  assert.equal(kept.transcript.entries.length, 81);
  const released = kept.transcript.releasedRows;
  kept.transcript.onEvent(ev({ type: 'run-end', outcome: 'cancelled' }));
  kept.frame();
  assert.ok(kept.transcript.releasedRows > released);
  assert.ok(kept.transcript.entries.length < 20);
  kept.stop();
});

test('Ctrl+O after rows were let go unfolds the kept entries and keeps the scrollback; after /clear it is cleared again', () => {
  const kept = screen(true);
  for (let i = 0; i < 20; i++)
    for (const step of turn(i)) {
      step(kept.transcript);
      kept.frame();
    }
  assert.ok(kept.transcript.releasedRows > 0);
  // As the Ctrl+O key does: unfold everything, then a full redraw.
  kept.transcript.setExpanded(true);
  kept.tui.requestRender(true);
  const unfolded = kept.frame();
  assert.ok(!unfolded.includes('\x1b[3J'));
  assert.ok(unfolded.includes('pass 3'), 'the last bash result, unfolded');
  assert.ok(!unfolded.includes('turn 0:'), 'turn 0 stays in the scrollback as printed');
  // /clear starts over: nothing is let go, so a full redraw clears the scrollback as pi-tui does.
  kept.transcript.clear();
  kept.transcript.notice('cleared; new session s2');
  kept.tui.requestRender(true);
  const written = kept.frame();
  assert.equal(kept.transcript.releasedRows, 0);
  assert.ok(written.includes('\x1b[3J'));
  assert.ok(written.includes('cleared; new session s2'));
  kept.stop();
});
