import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelError } from '@kodama/core';
import { parseToolArguments } from '../src/adapter/parse-tool-arguments.ts';
import { SseDataSplitter } from '../src/openai-compatible/sse-data-splitter.ts';

function split(pieces: string[]): string[] {
  const splitter = new SseDataSplitter();
  const out: string[] = [];
  const encoder = new TextEncoder();
  for (const piece of pieces) splitter.feed(encoder.encode(piece), (d) => void out.push(d));
  splitter.feed(undefined, (d) => void out.push(d));
  return out;
}

test('SSE splitter: events split anywhere, CRLF, comments, multi-line data, unterminated tail', () => {
  assert.deepEqual(split(['data: {"a"', ':1}\n\n: keep-alive\n\ndata: x\r\n\r\n']), ['{"a":1}', 'x']);
  assert.deepEqual(split(['data: one\ndata: two\n\n']), ['one\ntwo']);
  assert.deepEqual(split(['event: message\ndata:tight\n\ndata: last']), ['tight', 'last']);
});

test('SSE splitter: a multi-byte character split across chunks survives', () => {
  const bytes = new TextEncoder().encode('data: héllo\n\n');
  const splitter = new SseDataSplitter();
  const out: string[] = [];
  splitter.feed(bytes.slice(0, 8), (d) => void out.push(d));
  splitter.feed(bytes.slice(8), (d) => void out.push(d));
  assert.deepEqual(out, ['héllo']);
});

test('SSE splitter: stops when the callback asks', () => {
  const splitter = new SseDataSplitter();
  const seen: string[] = [];
  const stopped = splitter.feed(new TextEncoder().encode('data: a\n\ndata: [DONE]\n\ndata: b\n\n'), (d) => {
    seen.push(d);
    return d === '[DONE]';
  });
  assert.equal(stopped, true);
  assert.deepEqual(seen, ['a', '[DONE]']);
});

/** Feeds `bytes` cut at `cuts` (sorted offsets) and returns the events. */
function splitAt(bytes: Uint8Array, cuts: readonly number[]): string[] {
  const splitter = new SseDataSplitter();
  const out: string[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    splitter.feed(bytes.slice(from, cut), (d) => void out.push(d));
    from = cut;
  }
  splitter.feed(undefined, (d) => void out.push(d));
  return out;
}

// Every way an event can straddle chunks: LF, CRLF and lone CR ends, a CRLF
// cut in two, comments, multi-line data, 2-, 3- and 4-byte characters.
const MIXED =
  'data: {"a":"héllo"}\n\n: keep-alive\r\n\r\ndata: 世界\r\ndata: two 🎉\r\n\r\n' +
  'event: x\rdata:tight\r\rdata: [lf]\n\ndata: last';
const MIXED_EVENTS = ['{"a":"héllo"}', '世界\ntwo 🎉', 'tight', '[lf]', 'last'];

test('SSE splitter: an event stream cut at every byte boundary parses the same', () => {
  const bytes = new TextEncoder().encode(MIXED);
  assert.deepEqual(splitAt(bytes, []), MIXED_EVENTS);
  for (let cut = 0; cut <= bytes.length; cut++)
    assert.deepEqual(splitAt(bytes, [cut]), MIXED_EVENTS, `cut at ${cut}`);
  const everyByte = Array.from({ length: bytes.length }, (_, i) => i);
  assert.deepEqual(splitAt(bytes, everyByte), MIXED_EVENTS, 'one byte per chunk');
});

test('SSE splitter: random chunkings of many events parse the same', () => {
  let seed = 42;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const ends = ['\n', '\r\n', '\r'];
  const events = Array.from({ length: 300 }, (_, i) => `{"i":${i},"t":"${'ab€'.repeat(i % 7)}"}`);
  const wire = events.map((e, i) => `data: ${e}${ends[i % 3]!.repeat(2)}`).join('');
  const bytes = new TextEncoder().encode(wire);
  for (let round = 0; round < 50; round++) {
    const cuts = new Set<number>();
    const n = 1 + Math.floor(random() * 200);
    for (let k = 0; k < n; k++) cuts.add(Math.floor(random() * bytes.length));
    assert.deepEqual(
      splitAt(
        bytes,
        [...cuts].sort((a, b) => a - b),
      ),
      events,
      `round ${round}`,
    );
  }
});

test('SSE splitter: a CR that ends a chunk and the LF that starts the next are one line end', () => {
  // Counted as two, the LF would be an empty line and end the event before its second data line.
  assert.deepEqual(split(['data: a\r', '\ndata: b\r\n\r\n']), ['a\nb']);
  assert.deepEqual(split(['data: a\r', '', '\ndata: b\r', '\r']), ['a\nb']);
});

test('SSE splitter: a line longer than its limit is refused with a ModelError, not held', () => {
  const splitter = new SseDataSplitter(1000);
  const encoder = new TextEncoder();
  splitter.feed(encoder.encode(`data: ${'x'.repeat(900)}`), () => false);
  assert.throws(
    () => splitter.feed(encoder.encode('x'.repeat(200)), () => false),
    (error: unknown) => ModelError.isInstance(error) && /longer than 1000 bytes/.test(error.message),
  );
  // Lines under the limit, however many, are fine.
  const ok = new SseDataSplitter(1000);
  const seen: string[] = [];
  for (let i = 0; i < 100; i++)
    ok.feed(encoder.encode(`data: ${'y'.repeat(900)}\n\n`), (d) => void seen.push(d));
  assert.equal(seen.length, 100);
});

test('parseToolArguments: objects parse; empty is {}; bad JSON and non-objects explain', () => {
  assert.deepEqual(parseToolArguments('{"a":1}'), { input: { a: 1 } });
  assert.deepEqual(parseToolArguments('  '), { input: {} });
  const bad = parseToolArguments('{"a":');
  assert.equal(bad.input, undefined);
  assert.match(bad.parseError ?? '', /not valid JSON.*\{"a":/);
  assert.match(parseToolArguments('[1]').parseError ?? '', /must be a JSON object/);
});
