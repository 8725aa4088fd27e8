import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Script, startAnthropicServer } from '../src/index.ts';
import { type ParsedEvent, parseSse, postJson } from './helpers/sse.ts';

const request = {
  model: 'claude-x',
  max_tokens: 100,
  messages: [{ role: 'user', content: 'hi' }],
  stream: true,
};

async function streamEvents(script: Script): Promise<Array<ParsedEvent & { json: Record<string, unknown> }>> {
  const server = await startAnthropicServer({ script });
  try {
    const response = await postJson(`${server.url}/v1/messages`, request, { 'x-api-key': 'k' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    return parseSse(await response.text()).map((e) => {
      const json = JSON.parse(e.data) as Record<string, unknown>;
      assert.equal(json.type, e.event, 'event name matches data.type');
      return { ...e, json };
    });
  } finally {
    await server.close();
  }
}

test('text answer: message_start, text block of text_deltas, message_delta end_turn, message_stop', async () => {
  const events = await streamEvents([
    {
      text: 'Hello there',
      chunkSize: 5,
      usage: { inputTokens: 50, outputTokens: 7, cacheReadTokens: 30, cacheWriteTokens: 5 },
    },
  ]);
  assert.deepEqual(
    events.map((e) => e.event),
    [
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ],
  );
  const message = events[0]!.json.message as Record<string, unknown>;
  assert.equal(message.model, 'claude-x');
  assert.equal(message.role, 'assistant');
  assert.deepEqual(message.usage, {
    input_tokens: 15,
    cache_read_input_tokens: 30,
    cache_creation_input_tokens: 5,
    output_tokens: 1,
  });
  assert.deepEqual(events[1]!.json, {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'text', text: '' },
  });
  assert.deepEqual(
    events.slice(2, 5).map((e) => (e.json.delta as { type: string; text: string }).text),
    ['Hello', ' ther', 'e'],
  );
  assert.equal((events[2]!.json.delta as { type: string }).type, 'text_delta');
  assert.deepEqual(events[6]!.json, {
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 7 },
  });
});

test('thinking block streams thinking_deltas then a signature_delta, before the text block', async () => {
  const events = await streamEvents([{ reasoning: 'let me think', text: 'ok', chunkSize: 6 }]);
  const deltas = events.filter((e) => e.event === 'content_block_delta').map((e) => e.json);
  assert.deepEqual(deltas.slice(0, 3), [
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'let me' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: ' think' } },
    {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'signature_delta', signature: 'testkit-signature-1' },
    },
  ]);
  assert.deepEqual(deltas[3], {
    type: 'content_block_delta',
    index: 1,
    delta: { type: 'text_delta', text: 'ok' },
  });
  const starts = events.filter((e) => e.event === 'content_block_start').map((e) => e.json.content_block);
  assert.deepEqual(starts, [
    { type: 'thinking', thinking: '', signature: '' },
    { type: 'text', text: '' },
  ]);
});

test('two tool_use blocks with input_json_delta split across chunks; stop_reason tool_use', async () => {
  const input = { expression: '17 * 23', precision: 2 };
  const events = await streamEvents([
    {
      toolCalls: [
        { id: 'toolu_1', name: 'calculator', arguments: input },
        { name: 'read', arguments: { path: 'a' } },
      ],
      chunkSize: 7,
    },
  ]);
  const starts = events.filter((e) => e.event === 'content_block_start').map((e) => e.json);
  assert.deepEqual(starts, [
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'calculator', input: {} },
    },
    {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'call_1', name: 'read', input: {} },
    },
  ]);
  const partial = (index: number): string[] =>
    events
      .filter((e) => e.event === 'content_block_delta' && e.json.index === index)
      .map((e) => (e.json.delta as { type: string; partial_json: string }).partial_json);
  assert.ok(partial(0).length > 1);
  assert.deepEqual(JSON.parse(partial(0).join('')), input);
  assert.deepEqual(JSON.parse(partial(1).join('')), { path: 'a' });
  const delta = events.find((e) => e.event === 'message_delta')!.json.delta as { stop_reason: string };
  assert.equal(delta.stop_reason, 'tool_use');
});

test('finishReason overrides stop_reason (max_tokens)', async () => {
  const events = await streamEvents([{ text: 'trunc', finishReason: 'max_tokens' }]);
  const delta = events.find((e) => e.event === 'message_delta')!.json.delta as { stop_reason: string };
  assert.equal(delta.stop_reason, 'max_tokens');
});

test('non-streamed message carries thinking, text, tool_use with parsed input, stop reason and usage', async (t) => {
  const server = await startAnthropicServer({
    script: [
      {
        reasoning: 'hmm',
        text: 'answer',
        toolCalls: [{ id: 't1', name: 'calc', arguments: { a: 1 } }],
        usage: { inputTokens: 9, outputTokens: 4 },
      },
    ],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/messages`, { ...request, stream: false });
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(body.type, 'message');
  assert.deepEqual(body.content, [
    { type: 'thinking', thinking: 'hmm', signature: 'testkit-signature-1' },
    { type: 'text', text: 'answer' },
    { type: 'tool_use', id: 't1', name: 'calc', input: { a: 1 } },
  ]);
  assert.equal(body.stop_reason, 'tool_use');
  assert.deepEqual(body.usage, { input_tokens: 9, output_tokens: 4 });
});
