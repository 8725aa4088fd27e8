import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import {
  alwaysDecline,
  autoApprove,
  type ConfirmRequest,
  sanitizeForDisplay,
  terminalConfirmer,
} from '../src/index.ts';

const REQUEST: ConfirmRequest = {
  tool: 'bash',
  title: 'run a shell command',
  detail: 'ls -la',
  warnings: [],
};

function terminal(isTTY: boolean) {
  const input = Object.assign(new PassThrough(), { isTTY });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (c: Buffer) => {
    shown += c.toString();
  });
  return { input, output, shown: () => shown, confirmer: terminalConfirmer({ input, output }) };
}

test('the sanitizer makes hiding characters visible and keeps newlines', () => {
  const r = sanitizeForDisplay('echo safe\r\x1b[2Krm -rf ~\tx\u202Egnp.exe\u200B\nnext\x08');
  assert.equal(r.text, 'echo safe\\x0d\\x1b[2Krm -rf ~\\tx\\u{202E}gnp.exe\\u{200B}\nnext\\x08');
  assert.deepEqual(r.warnings, ['escape', 'carriage-return', 'backspace', 'bidi', 'zero-width']);
  assert.deepEqual(sanitizeForDisplay('curl раypal.com').warnings, ['homoglyph']);
  assert.deepEqual(sanitizeForDisplay('plain  text\n').warnings, []);
  assert.equal(sanitizeForDisplay('a  b').text, 'a  b');
});

// Invisible characters that rendered as nothing before: each must come out as \u{...} with a warning.
const INVISIBLE_CASES: readonly [string, number][] = [
  ['tag character: language tag', 0xe0001],
  ['tag character: TAG LATIN SMALL LETTER A', 0xe0061],
  ['tag character: CANCEL TAG', 0xe007f],
  ['unassigned tag block start', 0xe0000],
  ['line separator', 0x2028],
  ['paragraph separator', 0x2029],
  ['Hangul filler', 0x3164],
  ['halfwidth Hangul filler', 0xffa0],
  ['Hangul choseong filler', 0x115f],
  ['Hangul jungseong filler', 0x1160],
  ['inhibit symmetric swapping', 0x206a],
  ['nominal digit shapes', 0x206f],
  ['variation selector 1', 0xfe00],
  ['variation selector 16', 0xfe0f],
  ['variation selector 17', 0xe0100],
  ['variation selector 256', 0xe01ef],
  ['Mongolian free variation selector', 0x180b],
  ['Arabic number sign (Cf)', 0x0600],
  ['interlinear annotation anchor (Cf)', 0xfff9],
  ['shorthand format letter overlap (Cf)', 0x1bca0],
];

for (const [name, code] of INVISIBLE_CASES) {
  test(`the sanitizer makes visible: ${name} (U+${code.toString(16).toUpperCase()})`, () => {
    const r = sanitizeForDisplay(`rm${String.fromCodePoint(code)} x`);
    const escaped = `\\u{${code.toString(16).toUpperCase().padStart(4, '0')}}`;
    assert.equal(r.text, `rm${escaped} x`);
    assert.ok(!r.text.includes(String.fromCodePoint(code)));
    assert.ok(r.warnings.length > 0, 'a warning is given');
  });
}

test('every \\p{Cf} character in the BMP and the tag block is escaped', () => {
  for (let code = 0; code <= 0xe01ef; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    if (!/\p{Cf}/u.test(char)) continue;
    const r = sanitizeForDisplay(char);
    assert.ok(!r.text.includes(char), `U+${code.toString(16)} stayed invisible`);
    assert.ok(r.warnings.length > 0, `U+${code.toString(16)} gave no warning`);
  }
});

test('autoApprove approves and alwaysDecline declines', async () => {
  assert.equal(await autoApprove.confirm(REQUEST), true);
  assert.equal(await alwaysDecline.confirm(REQUEST), false);
  assert.equal(autoApprove.reviewed, false);
});

test('the terminal confirmer asks and reads y / yes / anything else', async () => {
  const term = terminal(true);
  const first = term.confirmer.confirm(REQUEST);
  const second = term.confirmer.confirm({ ...REQUEST, detail: 'rm x' });
  const third = term.confirmer.confirm(REQUEST);
  term.input.write('y\nYES\nnope\n');
  assert.deepEqual(await Promise.all([first, second, third]), [true, true, false]);
  assert.match(term.shown(), /\[bash\] run a shell command\n {2}\$ ls -la\nAllow\? \(y\/n\) /);
  assert.match(term.shown(), /\$ rm x/);
});

test('the terminal confirmer shows warnings', async () => {
  const term = terminal(true);
  const s = sanitizeForDisplay('ls\r\x1b[2Kok');
  const answer = term.confirmer.confirm({ ...REQUEST, detail: s.text, warnings: s.warnings });
  term.input.write('n\n');
  assert.equal(await answer, false);
  assert.match(term.shown(), /warning: the text contains terminal escape sequences/);
  assert.match(term.shown(), /\$ ls\\x0d\\x1b\[2Kok/);
});

test('with no TTY the terminal confirmer declines without asking', async () => {
  const term = terminal(false);
  assert.equal(await term.confirmer.confirm(REQUEST), false);
  assert.equal(term.shown(), '');
});

test('end of input and abort decline', async () => {
  const term = terminal(true);
  const pending = term.confirmer.confirm(REQUEST);
  term.input.end();
  assert.equal(await pending, false);
  const term2 = terminal(true);
  const controller = new AbortController();
  const aborted = term2.confirmer.confirm(REQUEST, controller.signal);
  controller.abort();
  assert.equal(await aborted, false);
});
