import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DEFAULT_MAX_RESULT_TOKENS, truncateResult, truncationMarker } from '../../src/entries/tool.ts';
import type { ContentPart } from '../../src/index.ts';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
const MARKER = /\n\n\[… [\d,]+ bytes \(~[\d,]+ tokens\) removed from the middle of this result …\]\n\n/;

function split(result: string): { head: string; marker: string; tail: string } {
  const match = MARKER.exec(result);
  assert.ok(match, 'marker present');
  return {
    head: result.slice(0, match.index),
    marker: match[0],
    tail: result.slice(match.index + match[0].length),
  };
}

describe('truncateResult', () => {
  it('leaves a result within budget untouched (default 10,000 tokens = 40,000 bytes)', () => {
    assert.equal(DEFAULT_MAX_RESULT_TOKENS, 10_000);
    const text = 'a'.repeat(40_000);
    assert.equal(truncateResult(text), text);
    assert.notEqual(truncateResult(`${text}b`), `${text}b`);
  });

  it('cuts ASCII in the middle with a marker saying how much was removed', () => {
    const text = `${'h'.repeat(200_000)}${'t'.repeat(200_000)}`;
    const result = truncateResult(text) as string;
    const { head, marker, tail } = split(result);
    assert.equal(head, 'h'.repeat(20_000));
    assert.equal(tail, 't'.repeat(20_000));
    assert.equal(
      marker,
      '\n\n[… 360,000 bytes (~90,000 tokens) removed from the middle of this result …]\n\n',
    );
  });

  it('formats the marker with thousands separators and rounds tokens up', () => {
    assert.equal(
      truncationMarker(123_456),
      '\n\n[… 123,456 bytes (~30,864 tokens) removed from the middle of this result …]\n\n',
    );
    assert.match(truncationMarker(5), /5 bytes \(~2 tokens\)/);
  });

  it('never splits a multi-byte character', () => {
    // 'é' is 2 bytes; a budget of 3 bytes per side would land inside one.
    const text = 'é'.repeat(100);
    const { head, tail, marker } = split(truncateResult(text, 1.5) as string);
    assert.equal(head, 'é'); // ceil(6/2) = 3 bytes → one 2-byte char fits
    assert.equal(tail, 'é');
    assert.match(marker, /196 bytes/);
  });

  it('never splits an emoji surrogate pair', () => {
    const text = '😀'.repeat(50); // 4 bytes each
    for (const maxTokens of [1, 1.25, 1.5, 1.75, 2, 3]) {
      const { head, tail } = split(truncateResult(text, maxTokens) as string);
      for (const part of [head, tail]) {
        assert.equal(part, '😀'.repeat([...part].length), `maxTokens ${maxTokens}`);
        assert.equal(part.length % 2, 0);
      }
    }
  });

  it('truncates the text of rich content and keeps images whole, in place', () => {
    const image: ContentPart = { type: 'image', data: 'A'.repeat(100_000), mediaType: 'image/png' };
    const parts: ContentPart[] = [
      { type: 'text', text: 'a'.repeat(30) },
      image,
      { type: 'text', text: 'b'.repeat(100) },
      { type: 'text', text: 'c'.repeat(30) },
    ];
    const result = truncateResult(parts, 10); // 40 bytes: 20 head, 20 tail
    assert.deepEqual(result, [
      { type: 'text', text: 'a'.repeat(20) + truncationMarker(120) },
      image,
      { type: 'text', text: 'c'.repeat(20) },
    ]);
    // Images alone never trigger truncation.
    assert.equal(truncateResult([image], 10).length, 1);
    assert.equal(truncateResult([image], 10)[0], image);
  });

  it('keeps a single over-budget text part as head + marker + tail', () => {
    const result = truncateResult([{ type: 'text', text: `${'x'.repeat(50)}${'y'.repeat(50)}` }], 10);
    assert.deepEqual(result, [
      { type: 'text', text: `${'x'.repeat(20)}${truncationMarker(60)}${'y'.repeat(20)}` },
    ]);
  });

  it('refuses a budget that is not positive', () => {
    assert.throws(() => truncateResult('x', 0), RangeError);
    assert.throws(() => truncateResult('x', Number.NaN), RangeError);
    assert.equal(truncateResult('x'.repeat(10), Number.POSITIVE_INFINITY), 'x'.repeat(10));
  });

  it('property: stays within budget + marker and keeps a prefix and a suffix', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.integer({ min: 1, max: 60 }),
        (text, maxTokens) => {
          const result = truncateResult(text, maxTokens) as string;
          const budget = maxTokens * 4;
          if (bytes(text) <= budget) {
            assert.equal(result, text);
            return;
          }
          const { head, marker, tail } = split(result);
          assert.ok(text.startsWith(head), 'head is a prefix');
          assert.ok(text.endsWith(tail), 'tail is a suffix');
          assert.ok(bytes(head) + bytes(tail) <= budget, 'kept bytes within budget');
          assert.equal(bytes(result), bytes(head) + bytes(marker) + bytes(tail));
          // The marker reports exactly what went missing.
          assert.equal(marker, truncationMarker(bytes(text) - bytes(head) - bytes(tail)));
          // Cuts land on code-point boundaries: nothing dangling at the seams.
          const afterHead = text.charCodeAt(head.length);
          assert.ok(
            !(/[\uD800-\uDBFF]$/.test(head) && afterHead >= 0xdc00 && afterHead <= 0xdfff),
            'pair split at head',
          );
          const beforeTail = text.charCodeAt(text.length - tail.length - 1);
          assert.ok(
            !(/^[\uDC00-\uDFFF]/.test(tail) && beforeTail >= 0xd800 && beforeTail <= 0xdbff),
            'pair split at tail',
          );
          // Near-maximal: one more code point would not have fit on either side.
          const nextHead = [...text.slice(head.length)][0] ?? '';
          assert.ok(bytes(head) + bytes(nextHead) > Math.ceil(budget / 2));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: a surrogate pair is never split by a cut', () => {
    const emojiText = fc
      .array(fc.constantFrom('a', 'é', '€', '😀', '𝄞'), { minLength: 1, maxLength: 200 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(emojiText, fc.integer({ min: 1, max: 40 }), (text, maxTokens) => {
        const result = truncateResult(text, maxTokens) as string;
        if (result === text) return;
        const { head, tail } = split(result);
        assert.ok(text.startsWith(head) && text.endsWith(tail));
        assert.ok(!/[\uD800-\uDBFF]$/.test(head), 'head does not end in a high surrogate');
        assert.ok(!/^[\uDC00-\uDFFF]/.test(tail), 'tail does not start with a low surrogate');
      }),
      { numRuns: 500 },
    );
  });
});
