// The assistant end to end under tmux, a long session: once finished rows
// have scrolled into the terminal's scrollback, the screen lets go of them
// (releaseScrollback) and draws only the rows after them. The scrollback
// still holds every row once, in order; a resize redraws the kept rows at the
// new width and leaves the earlier ones in the scrollback as printed; Ctrl+O
// then unfolds what is kept, and the session goes on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assistantUnderTmux, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

const TURNS = 6;
const LINES = 30;
/** A row of turn 0's answer: one row at 100 columns, two if drawn again at 60. */
const WIDE = `wide row: ${Array.from({ length: 10 }, (_, i) => `word${i}`).join(' ')} end`;
/** Turn `n`'s answer: a list whose every item names its turn and line (turn 0's also {@link WIDE}). */
const answer = (n: number) =>
  [...(n === 0 ? [`- ${WIDE}`] : []), ...Array.from({ length: LINES }, (_, k) => `- t${n}-l${k} done`)].join(
    '\n',
  );

/** The `[turn, line]` of each answer row in `text`, top to bottom. */
function rows(text: string): string[] {
  return [...text.matchAll(/t(\d+)-l(\d+) done/g)].map((m) => `${m[1]}.${m[2]}`);
}

test('a long session: every answer row is in the scrollback once, in order; a resize and Ctrl+O keep it', {
  skip,
}, async () => {
  const { tmux } = await open((r) => ({ text: answer(r.callIndex) }), [], undefined, {
    columns: 100,
    rows: 24,
  });
  for (let n = 0; n < TURNS; n++) {
    tmux.type(`prompt ${n}`);
    await tmux.waitFor(`prompt ${n}`, undefined, () => tmux.visible());
    tmux.keys('Enter');
    await tmux.waitFor(`t${n}-l${LINES - 1} done`);
    await tmux.waitIdle();
  }
  // Six turns of 30 rows are far more than a 24-row screen: most of them were let go, and printed once.
  const expected = Array.from({ length: TURNS }, (_, n) =>
    Array.from({ length: LINES }, (_, k) => `${n}.${k}`),
  ).flat();
  const printed = tmux.history();
  assert.deepEqual(rows(printed), expected, printed);
  for (let n = 0; n < TURNS; n++) assert.equal(printed.split(`› prompt ${n}\n`).length, 2, printed);

  tmux.resize(60, 24);
  const narrow = await tmux.waitFor(
    (s) =>
      s.includes(`t${TURNS - 1}-l${LINES - 1} done`) &&
      s.split('\n').some((l) => /^─{20,}/.test(l.trim()) && l.trimEnd().length === 60),
    undefined,
    () => tmux.visible(),
  );
  const lines = narrow.split('\n');
  assert.ok(
    lines.every((l) => l.trimEnd().length <= 60),
    narrow,
  );
  assert.equal(lines.filter((l) => l.includes('openai-compatible:')).length, 1, narrow);
  // The first turns are still in the scrollback, once, as printed at 100 columns: the resize did not
  // clear it and draw them again at 60 (pi-tui alone would: WIDE would then be two rows).
  const after = tmux.history();
  assert.equal(after.split('\n').filter((l) => l.includes(WIDE)).length, 1, after);
  for (const row of ['0.0', '0.29', '1.0', '1.29'])
    assert.equal(rows(after).filter((r) => r === row).length, 1, `${row}\n${after}`);

  // Ctrl+O unfolds what is kept and redraws it; the session goes on below.
  tmux.keys('C-o');
  tmux.type('prompt 6');
  await tmux.waitFor('prompt 6', undefined, () => tmux.visible());
  tmux.keys('Enter');
  const last = await tmux.waitFor(`t${TURNS}-l${LINES - 1} done`, undefined, () => tmux.visible());
  assert.equal(last.split('\n').filter((l) => l.includes('openai-compatible:')).length, 1, last);
  const final = tmux.history();
  assert.equal(rows(final).filter((r) => r === '0.0').length, 1, final);
  assert.deepEqual(
    rows(final).slice(-LINES),
    Array.from({ length: LINES }, (_, k) => `${TURNS}.${k}`),
    final,
  );
});
