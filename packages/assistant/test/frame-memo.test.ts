// memoizeFrameLines changes how much work a frame takes, never what it
// writes: two TUIs, one memoized, get the same transcript (streamed Markdown
// with colour, a line changed in the middle, a fold, a resize) and must write
// the same bytes, frame by frame.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AgentEvent } from '@kodama/core';
import { TUI } from '@mariozechner/pi-tui';
import { colourTheme, memoizeFrameLines, Transcript, VirtualTerminal } from '../src/internal.ts';

function screen(memo: boolean) {
  const terminal = new VirtualTerminal(60, 12);
  const tui = new TUI(terminal);
  if (memo) assert.equal(memoizeFrameLines(tui), true);
  const transcript = new Transcript(colourTheme);
  tui.addChild(transcript);
  tui.start();
  const frame = () => {
    (tui as unknown as { doRender(): void }).doRender();
    const written = terminal.output;
    terminal.reset();
    return written;
  };
  return { terminal, transcript, frame, stop: () => tui.stop() };
}

test('a memoized TUI writes exactly what pi-tui writes, frame by frame', () => {
  const plain = screen(false);
  const memo = screen(true);
  const base = { agentId: '', turnId: 't' };
  const answer =
    '# Title\n\nSome **bold** text and `code`, a [link](https://example.com).\n\n```ts\nconst x = 1; // 日本語\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two 🎉\n';
  const steps: Array<(t: Transcript, v: VirtualTerminal) => void> = [
    (t) => t.user('hello'),
    (t) => t.onEvent({ ...base, type: 'reasoning-delta', text: 'thinking it over' } as AgentEvent),
    ...[...answer].map(
      (c) => (t: Transcript) => t.onEvent({ ...base, type: 'assistant-delta', text: c } as AgentEvent),
    ),
    (t) => t.onEvent({ ...base, type: 'reasoning', text: 'thinking it over' } as AgentEvent),
    (t) => t.onEvent({ ...base, type: 'assistant', text: answer } as AgentEvent),
    (t) => t.toggleLatestReasoning(),
    (t) =>
      t.onEvent({
        ...base,
        type: 'tool-call',
        toolCallId: 'c1',
        name: 'read',
        arguments: '{"path":"a.ts"}',
      } as AgentEvent),
    (t) =>
      t.onEvent({
        ...base,
        type: 'tool-result',
        toolCallId: 'c1',
        status: 'ok',
        content: 'x\ny',
      } as AgentEvent),
    (t) => t.setExpanded(true),
    (_, v) => {
      v.columns = 40;
    },
    (t) => t.notice('done'),
  ];
  let frames = 0;
  for (const step of steps) {
    step(plain.transcript, plain.terminal);
    step(memo.transcript, memo.terminal);
    const expected = plain.frame();
    assert.equal(memo.frame(), expected, `frame ${frames}`);
    frames++;
  }
  assert.ok(frames > 100);
  plain.stop();
  memo.stop();
});

test("widthOf's fast path for styled ASCII measures as pi-tui does", async () => {
  const { visibleWidth } = await import('@mariozechner/pi-tui');
  const { widthOf } = await import('../src/internal.ts');
  const samples = [
    'plain text',
    colourTheme.bold(colourTheme.accent('styled')) + ' and more',
    '\x1b]8;;https://example.com\x07link\x1b]8;;\x07',
    '日本語 and ascii',
    colourTheme.dim('emoji 🎉 here'),
    'tab\there',
    '\x1b[5Aodd escape',
    '',
  ];
  for (const s of samples) assert.equal(widthOf(s), visibleWidth(s), JSON.stringify(s));
});
