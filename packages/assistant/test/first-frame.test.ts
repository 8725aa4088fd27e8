// The screen shows only once it takes keys: pi-tui would draw on request
// before start() (the terminal still in cooked mode, where Enter reaches the
// program as a newline), so a person or a test seeing the status line could
// type into a terminal that line-edits their keys.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Text, TUI } from '@mariozechner/pi-tui';
import { drawOnlyOnceStarted, VirtualTerminal } from '../src/internal.ts';

function screen(hold: boolean) {
  const terminal = new VirtualTerminal(40, 6);
  const tui = new TUI(terminal);
  if (hold) drawOnlyOnceStarted(tui);
  tui.addChild(new Text('session kodama-1'));
  return { terminal, tui };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test('control: a plain pi-tui TUI draws on request before start (so the case below can fail)', async () => {
  const { terminal, tui } = screen(false);
  tui.requestRender();
  await settle();
  assert.match(terminal.output, /session kodama-1/);
  tui.stop();
});

test('a held TUI draws nothing before start, then its first frame at start, and renders on request after', async () => {
  const { terminal, tui } = screen(true);
  tui.requestRender();
  tui.requestRender(true);
  await settle();
  assert.equal(terminal.output, '');
  tui.start();
  await settle();
  assert.match(terminal.output, /session kodama-1/);
  terminal.reset();
  tui.addChild(new Text('a second line'));
  tui.requestRender();
  await settle();
  assert.match(terminal.output, /a second line/);
  tui.stop();
});
