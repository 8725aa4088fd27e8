import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkText } from '@kodama/memory';

test('Markdown: each chunk carries its heading trail; small sections are packed, code fences are not headings', () => {
  const doc = [
    '# Guide',
    'Intro.',
    '## Install',
    'Run npm install.',
    '```sh',
    '# not a heading',
    '```',
    '## Usage',
    'Call it.',
  ].join('\n');
  const packed = chunkText(doc, { markdown: true });
  assert.equal(packed.length, 1, 'the whole guide fits one chunk');
  assert.equal(packed[0]!.heading, 'Guide');
  assert.equal(packed[0]!.startLine, 1);
  assert.equal(packed[0]!.endLine, 9);

  const small = chunkText(doc, { markdown: true, maxTokens: 16, overlapTokens: 1 });
  assert.deepEqual(
    small.map((c) => c.heading),
    ['Guide', 'Guide › Install', 'Guide › Usage'],
  );
  assert.ok(small[1]!.text.startsWith('## Install'), 'the heading line stays with its section');
  assert.ok(small[1]!.text.includes('# not a heading'), 'the fenced comment stays in the Install section');
});

test('a long section is cut at paragraphs with overlap, every chunk within the bound', () => {
  const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} ${'word '.repeat(30)}`.trim());
  const doc = `# Long\n${paragraphs.join('\n\n')}`;
  const chunks = chunkText(doc, { markdown: true, maxTokens: 100, overlapTokens: 40 });
  assert.ok(chunks.length > 3);
  for (const c of chunks) {
    assert.ok(c.text.length <= 400, `chunk of ${c.text.length} chars`);
    assert.equal(c.heading, 'Long');
  }
  // Each chunk after the first repeats the end of the one before it.
  for (let i = 1; i < chunks.length; i++) {
    const firstLine = chunks[i]!.text.split('\n')[0]!;
    assert.ok(firstLine.length > 20, 'the overlap is real text');
    assert.ok(chunks[i - 1]!.text.includes(firstLine), `chunk ${i} starts with the previous chunk's tail`);
    assert.ok(chunks[i]!.startLine <= chunks[i - 1]!.endLine, 'line ranges overlap');
  }
  // Nothing is lost: every paragraph appears in some chunk.
  for (const p of paragraphs)
    assert.ok(
      chunks.some((c) => c.text.includes(p)),
      p.slice(0, 12),
    );
});

test('plain text and code: no headings, a very long line is cut by characters', () => {
  const chunks = chunkText(`const a = 1;\n${'x'.repeat(2000)}\n`, { maxTokens: 100, overlapTokens: 10 });
  assert.ok(chunks.length >= 5);
  assert.ok(chunks.every((c) => c.heading === '' && c.text.length <= 400));
  assert.deepEqual(chunkText('   \n\n  '), [], 'blank text gives no chunk');
});
