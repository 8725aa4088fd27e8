import assert from 'node:assert/strict';
import { test } from 'node:test';
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

test('parseToolArguments: objects parse; empty is {}; bad JSON and non-objects explain', () => {
  assert.deepEqual(parseToolArguments('{"a":1}'), { input: { a: 1 } });
  assert.deepEqual(parseToolArguments('  '), { input: {} });
  const bad = parseToolArguments('{"a":');
  assert.equal(bad.input, undefined);
  assert.match(bad.parseError ?? '', /not valid JSON.*\{"a":/);
  assert.match(parseToolArguments('[1]').parseError ?? '', /must be a JSON object/);
});
