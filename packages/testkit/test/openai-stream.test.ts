import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Script, startOpenAICompatibleServer } from '../src/index.ts';
import { parseSse, postJson } from './helpers/sse.ts';

interface Chunk {
  choices: Array<{
    index: number;
    delta: {
      role?: string;
      content?: string;
      reasoning_content?: string;
      tool_calls?: Array<{
        index: number;
        id?: string;
        type?: string;
        function: { name?: string; arguments: string };
      }>;
    };
    finish_reason: string | null;
  }>;
  usage?: Record<string, unknown>;
  model: string;
  object: string;
}

async function streamChunks(script: Script, body: Record<string, unknown> = {}) {
  const server = await startOpenAICompatibleServer({ script });
  try {
    const response = await postJson(`${server.url}/v1/chat/completions`, {
      model: 'm1',
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
      ...body,
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    const events = parseSse(await response.text());
    assert.equal(events.at(-1)?.data, '[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data) as Chunk);
    return { chunks, server };
  } finally {
    await server.close();
  }
}

test('text streams as content deltas of chunkSize, then a stop finish and [DONE]', async () => {
  const { chunks } = await streamChunks([{ text: 'Hello, world!', chunkSize: 5 }]);
  assert.deepEqual(chunks[0]!.choices[0]!.delta, { role: 'assistant', content: '' });
  const contents = chunks.slice(1, -1).map((c) => c.choices[0]!.delta.content);
  assert.deepEqual(contents, ['Hello', ', wor', 'ld!']);
  const last = chunks.at(-1)!;
  assert.deepEqual(last.choices[0]!.delta, {});
  assert.equal(last.choices[0]!.finish_reason, 'stop');
  assert.equal(last.object, 'chat.completion.chunk');
  assert.equal(last.model, 'm1');
  assert.ok(chunks.slice(0, -1).every((c) => c.choices[0]!.finish_reason === null));
});

test('reasoning_content deltas come before content', async () => {
  const { chunks } = await streamChunks([{ reasoning: 'think hard', text: 'ok', chunkSize: 4 }]);
  const deltas = chunks.slice(1, -1).map((c) => c.choices[0]!.delta);
  assert.deepEqual(deltas, [
    { reasoning_content: 'thin' },
    { reasoning_content: 'k ha' },
    { reasoning_content: 'rd' },
    { content: 'ok' },
  ]);
});

test('two tool calls: id and name only in the first chunk, split arguments reassemble', async () => {
  const args1 = { expression: '17 * 23' };
  const { chunks } = await streamChunks([
    {
      toolCalls: [
        { id: 'call_a', name: 'calculator', arguments: args1 },
        { name: 'read', arguments: '{"path":"a.txt"}' },
      ],
      chunkSize: 6,
    },
  ]);
  const toolDeltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
  const byIndex = new Map<number, typeof toolDeltas>();
  for (const d of toolDeltas) byIndex.set(d.index, [...(byIndex.get(d.index) ?? []), d]);
  assert.equal(byIndex.size, 2);
  for (const [, deltas] of byIndex) {
    assert.ok(deltas.length > 1, 'arguments arrive in several chunks');
    assert.ok(deltas[0]!.id && deltas[0]!.function.name && deltas[0]!.type === 'function');
    for (const later of deltas.slice(1)) {
      assert.equal(later.id, undefined);
      assert.equal(later.function.name, undefined);
      assert.equal(later.type, undefined);
    }
  }
  const first = byIndex.get(0)!;
  assert.equal(first[0]!.id, 'call_a');
  assert.equal(first[0]!.function.name, 'calculator');
  assert.deepEqual(JSON.parse(first.map((d) => d.function.arguments).join('')), args1);
  const second = byIndex.get(1)!;
  assert.equal(second[0]!.id, 'call_1', 'generated id');
  assert.equal(second[0]!.function.name, 'read');
  assert.equal(second.map((d) => d.function.arguments).join(''), '{"path":"a.txt"}');
  assert.equal(chunks.at(-1)!.choices[0]!.finish_reason, 'tool_calls');
});

test('malformed tool arguments are sent verbatim', async () => {
  const { chunks } = await streamChunks([{ toolCalls: [{ name: 'x', arguments: '{"a": 1,,' }] }]);
  const args = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []).map((d) => d.function.arguments);
  assert.equal(args.join(''), '{"a": 1,,');
});

test('finishReason overrides the wire finish reason', async () => {
  const { chunks } = await streamChunks([{ text: 'cut short', finishReason: 'length' }]);
  assert.equal(chunks.at(-1)!.choices[0]!.finish_reason, 'length');
});

test('include_usage adds a final usage chunk with empty choices', async () => {
  const { chunks } = await streamChunks(
    [
      {
        text: 'hi',
        usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 60, reasoningTokens: 5 },
      },
    ],
    { stream_options: { include_usage: true } },
  );
  const usageChunk = chunks.at(-1)!;
  assert.deepEqual(usageChunk.choices, []);
  assert.deepEqual(usageChunk.usage, {
    prompt_tokens: 100,
    completion_tokens: 20,
    total_tokens: 120,
    prompt_tokens_details: { cached_tokens: 60 },
    completion_tokens_details: { reasoning_tokens: 5 },
  });
  assert.equal(chunks.at(-2)!.choices[0]!.finish_reason, 'stop');
});

test('usage defaults to a small deterministic count; absent without include_usage', async () => {
  const script: Script = [{ text: 'x'.repeat(40) }];
  const a = await streamChunks(script, { stream_options: { include_usage: true } });
  const b = await streamChunks(script, { stream_options: { include_usage: true } });
  const usage = a.chunks.at(-1)!.usage!;
  assert.deepEqual(usage, b.chunks.at(-1)!.usage);
  assert.equal(usage.completion_tokens, 10);
  assert.ok((usage.prompt_tokens as number) > 0);
  const plain = await streamChunks(script);
  assert.ok(plain.chunks.every((c) => c.usage === undefined));
});
