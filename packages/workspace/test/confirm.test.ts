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
