import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ControlSequenceStripper, stripControlSequences } from '../../src/entries/listeners.ts';

/** Every code unit a terminal could act on: C0 but LF and TAB, DEL, C1. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** `text` pushed one piece at a time, cut at every position in `cuts`. */
function streamed(text: string, cuts: readonly number[]): string {
  const s = new ControlSequenceStripper();
  let out = '';
  let at = 0;
  for (const cut of [...cuts, text.length]) {
    out += s.push(text.slice(at, cut));
    at = cut;
  }
  return out + s.end();
}

describe('stripControlSequences', () => {
  const cases: readonly [string, string, string][] = [
    ['OSC 52 clipboard write, BEL-terminated', 'a\x1b]52;c;ZWNobyBoaQ==\x07b', 'ab'],
    ['OSC 2 title, ST-terminated', 'a\x1b]2;pwned\x1b\\b', 'ab'],
    ['OSC 8 hyperlink around text', '\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\', 'click'],
    ['CSI erase screen and home', 'x\x1b[2J\x1b[Hy', 'xy'],
    ['CSI private mode (alternate screen)', '\x1b[?1049hz', 'z'],
    ['CSI scroll region and cursor up', '\x1b[1;5r\x1b[3Aok', 'ok'],
    ['SGR colours from the model', '\x1b[31;1mred\x1b[0m', 'red'],
    ['8-bit CSI (U+009B)', 'a\u009b2Jb', 'ab'],
    ['8-bit OSC ended by 8-bit ST', 'a\u009d0;title\u009cb', 'ab'],
    ['DCS string', 'a\x1bPq#0;2;0;0;0\x1b\\b', 'ab'],
    ['APC, PM and SOS strings', '\x1b_apc\x1b\\\x1b^pm\x1b\\\x1bXsos\x1b\\k', 'k'],
    ['two-character ESC sequences (save, restore, reset, index)', '\x1b7a\x1b8\x1bcb\x1bM', 'ab'],
    ['ESC with an intermediate (charset, DECALN)', '\x1b(Ba\x1b#8b', 'ab'],
    ['tmux passthrough wrapping an OSC 52', '\x1bPtmux;\x1b\x1b]52;c;eA==\x07\x1b\\done', 'done'],
    ['backspace, BEL, DEL and other C0', 'a\bb\x07c\x7fd\x00e\x0bf\x0cg', 'abcdefg'],
    ['C1 controls other than sequence openers', 'a\u0085b\u0084c', 'abc'],
    ['a carriage return that would rewrite the line', 'safe\rrm -rf ~', 'safe\nrm -rf ~'],
    ['CR LF as one line break', 'a\r\nb', 'a\nb'],
    ['an unterminated OSC ends at the line break', 'a\x1b]52;c;xx\nb', 'a\nb'],
    ['CAN aborts a sequence', 'a\x1b[12\x18b', 'ab'],
    ['an ESC before a non-ASCII letter leaves the letter', '\x1bé', 'é'],
  ];
  for (const [name, input, expected] of cases) {
    test(`${name} is removed`, () => {
      const out = stripControlSequences(input);
      assert.equal(out, expected);
      assert.doesNotMatch(out, CONTROL);
    });
  }

  test('ordinary text is returned as it is: unicode, emoji, tabs, newlines', () => {
    const text = 'Grüße, 世界 👋🏽 — naïve café\n\tindented\n```ts\nconst x = 1;\n```\n';
    assert.equal(stripControlSequences(text), text);
  });

  test('a sequence cut at every possible point across two pieces is still removed', () => {
    const text = 'before\x1b]52;c;ZWNobw==\x07mid\x1b[2Jafter\u009b1;1Hend\x1b]0;t\x1b\\!';
    const whole = stripControlSequences(text);
    assert.equal(whole, 'beforemidafterend!');
    for (let cut = 0; cut <= text.length; cut++) assert.equal(streamed(text, [cut]), whole, `cut at ${cut}`);
  });

  test('one code unit per piece gives what the whole text gives', () => {
    const text = 'a\r\nb\rc\x1b[1mB\x1b[0m\x1bP1$r\x1b\\\x1b]8;;u\x07link\x1b]8;;\x07\té';
    const each = [...Array(text.length).keys()];
    assert.equal(streamed(text, each), stripControlSequences(text));
  });

  test('a stream left inside a sequence drops it at the end, and the next stream starts clean', () => {
    const s = new ControlSequenceStripper();
    assert.equal(s.push('x\x1b]52;c;'), 'x');
    assert.equal(s.push('AAAA'), '');
    assert.equal(s.end(), '');
    assert.equal(s.push('next'), 'next');
  });

  test('a trailing carriage return is a line break owed until the stream ends or goes on', () => {
    const s = new ControlSequenceStripper();
    assert.equal(s.push('50%\r'), '50%');
    assert.equal(s.push('60%'), '\n60%');
    assert.equal(s.push('\r'), '');
    assert.equal(s.end(), '\n');
  });

  test('time is linear in the text: many unterminated introducers do not backtrack', () => {
    const text = '\x1b['.repeat(200_000) + '\x1b]'.repeat(200_000) + 'tail';
    // Deliberately no timer: a quadratic parser would not finish this size in the suite's lifetime.
    assert.equal(stripControlSequences(text), '');
    const mixed = 'é\x1b'.repeat(300_000);
    assert.equal(stripControlSequences(mixed), 'é'.repeat(300_000));
  });
});
