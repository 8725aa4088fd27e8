// Streaming Markdown without a terminal: what a whole answer renders to, that
// pieces render the same as the whole, that finished blocks are not rendered
// again, and that no line is wider than asked, CJK and emoji included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { colourTheme, plainTheme, StreamingMarkdown, widthOf } from '../src/internal.ts';

const ANSWER = `# Title

Some **bold** and \`code\` text, long enough to wrap at a narrow width of forty columns.

- one
- two
  - nested

1. first
2. second

\`\`\`ts
const x = 1; // note

function f() { return "s"; }
\`\`\`

| name | size |
|---|--:|
| 思考中 | 🤖 |
| a long cell that will have to wrap | 2 |

> quoted
`;

function whole(text: string, width: number, theme = plainTheme): string[] {
  const md = new StreamingMarkdown(theme, text);
  md.finish();
  return md.render(width);
}

test('headings, lists, code blocks and tables render as terminal text without Markdown syntax', () => {
  const lines = whole(ANSWER, 40);
  const text = lines.join('\n');
  assert.match(text, /^# Title$/m);
  assert.match(text, /^Some bold and code text/m);
  assert.match(text, /^• one$/m);
  assert.match(text, /^ {2}• nested$/m);
  assert.match(text, /^2\. second$/m);
  assert.match(text, /^── ts ─+$/m);
  assert.match(text, /^ {2}const x = 1; \/\/ note$/m);
  assert.match(text, /^│ 思考中 +│ +🤖 │$/m);
  assert.match(text, /^│ quoted$/m);
  assert.doesNotMatch(text, /```|\*\*|^\|/m);
});

test('the plain theme writes no escape codes; the colour theme highlights code', () => {
  assert.ok(!whole(ANSWER, 60).join('\n').includes('\x1b'));
  const coloured = whole(ANSWER, 60, colourTheme).join('\n');
  assert.match(coloured, /\x1b\[35mconst\x1b\[39m/);
  assert.match(coloured, /\x1b\[32m"s"\x1b\[39m/);
});

test('no line is wider than the width, with wide characters', () => {
  for (const width of [12, 20, 33, 80]) {
    for (const line of whole(
      `${ANSWER}\n思考中の長い段落 🤖🤖🤖 mixed with words and more words`,
      width,
      colourTheme,
    ))
      assert.ok(widthOf(line) <= width, `${widthOf(line)} > ${width}: ${JSON.stringify(line)}`);
  }
});

test('streamed in pieces of any size it renders exactly as the whole answer', () => {
  const expected = whole(ANSWER, 50);
  for (const size of [1, 3, 7, 64]) {
    const md = new StreamingMarkdown(plainTheme);
    for (let i = 0; i < ANSWER.length; i += size) {
      md.append(ANSWER.slice(i, i + size));
      md.render(50);
    }
    md.finish();
    assert.deepEqual(md.render(50), expected, `pieces of ${size}`);
  }
});

test('finished blocks are rendered once: a new piece leaves the earlier lines the same strings', () => {
  const md = new StreamingMarkdown(plainTheme);
  md.append('first paragraph\n\n```js\nlet a = 1;\n```\n\nsecond');
  const before = md.render(40);
  md.append(' paragraph grows');
  const after = md.render(40);
  assert.equal(after.at(-1), 'second paragraph grows');
  for (let i = 0; i < before.length - 1; i++) assert.equal(after[i], before[i]);
  // A blank line inside a code fence is not a cut: the fence stays one block.
  const fenced = new StreamingMarkdown(plainTheme);
  fenced.append('```\na\n\nb\n');
  assert.deepEqual(fenced.render(20).slice(1, 4), ['  a', '  ', '  b']);
});

test('a resize re-renders everything at the new width', () => {
  const md = new StreamingMarkdown(plainTheme, 'word '.repeat(30));
  assert.ok(md.render(80).length < md.render(20).length);
  assert.ok(md.render(20).every((l) => widthOf(l) <= 20));
});
