import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startOpenAICompatibleServer } from '../src/index.ts';
import { postJson, readAll } from './helpers/sse.ts';

test('non-streamed completion carries text, reasoning, tool calls, finish reason and usage', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [
      {
        reasoning: 'r',
        text: 'answer',
        toolCalls: [{ id: 'c1', name: 'calc', arguments: { a: 1 } }],
        usage: { inputTokens: 7, outputTokens: 3 },
      },
    ],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/chat/completions`, { model: 'x', messages: [] });
  assert.equal(response.status, 200);
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(body.object, 'chat.completion');
  assert.deepEqual(body.choices, [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'answer',
        reasoning_content: 'r',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'calc', arguments: '{"a":1}' } }],
      },
      finish_reason: 'tool_calls',
    },
  ]);
  assert.deepEqual(body.usage, { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });
});

test('records every request: method, path with query, lower-cased headers, parsed body', async (t) => {
  const server = await startOpenAICompatibleServer({ script: [{ text: 'a' }] });
  t.after(() => server.close());
  await fetch(`${server.url}/v1/models?x=1`);
  const payload = { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true };
  const response = await postJson(`${server.url}/v1/chat/completions`, payload, {
    Authorization: 'Bearer k',
  });
  await response.text();
  assert.equal(server.requests.length, 2);
  assert.deepEqual(
    server.requests.map((r) => [r.method, r.path]),
    [
      ['GET', '/v1/models?x=1'],
      ['POST', '/v1/chat/completions'],
    ],
  );
  assert.equal(server.requests[0]!.body, undefined);
  assert.equal(server.modelCalls.length, 1);
  const call = server.modelCalls[0]!;
  assert.deepEqual(call.body, payload);
  assert.equal(call.headers.authorization, 'Bearer k');
  assert.equal(call.headers['content-type'], 'application/json');
  assert.equal(call.callIndex, 0);
});

test('GET /v1/models lists the configured ids', async (t) => {
  const server = await startOpenAICompatibleServer({ script: [], models: ['a', 'b'] });
  t.after(() => server.close());
  const body = (await (await fetch(`${server.url}/v1/models`)).json()) as { object: string; data: unknown[] };
  assert.equal(body.object, 'list');
  assert.deepEqual(
    body.data.map((m) => {
      const { id, object, owned_by } = m as Record<string, unknown>;
      return { id, object, owned_by };
    }),
    [
      { id: 'a', object: 'model', owned_by: 'testkit' },
      { id: 'b', object: 'model', owned_by: 'testkit' },
    ],
  );
  const fallback = await startOpenAICompatibleServer({ script: [] });
  t.after(() => fallback.close());
  const ids = ((await (await fetch(`${fallback.url}/v1/models`)).json()) as { data: Array<{ id: string }> })
    .data;
  assert.deepEqual(
    ids.map((m) => m.id),
    ['scripted-model'],
  );
});

test('/props answers n_ctx; 404 without a context window', async (t) => {
  const server = await startOpenAICompatibleServer({ script: [], contextWindow: 32768, models: ['q'] });
  const bare = await startOpenAICompatibleServer({ script: [] });
  t.after(() => Promise.all([server.close(), bare.close()]));
  const props = (await (await fetch(`${server.url}/props`)).json()) as Record<string, unknown>;
  assert.deepEqual((props.default_generation_settings as { n_ctx: number }).n_ctx, 32768);
  assert.equal(typeof props.model_path, 'string');
  assert.equal((await fetch(`${bare.url}/props`)).status, 404);
  assert.equal((await postJson(`${bare.url}/api/show`, { model: 'scripted-model' })).status, 404);
});

test('/props in router mode: bare answers role router with n_ctx 0; ?model= answers per model', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [],
    contextWindow: 8192,
    models: ['a', 'b'],
    router: true,
  });
  t.after(() => server.close());
  const bare = (await (await fetch(`${server.url}/props`)).json()) as Record<string, unknown>;
  assert.deepEqual(bare, { role: 'router', default_generation_settings: { n_ctx: 0 } });
  const b = (await (await fetch(`${server.url}/props?model=b`)).json()) as {
    default_generation_settings: { n_ctx: number };
  };
  assert.equal(b.default_generation_settings.n_ctx, 8192);
  assert.equal((await fetch(`${server.url}/props?model=nope`)).status, 404);
});

test('POST /api/show answers the context length for a listed model, 404 otherwise', async (t) => {
  const server = await startOpenAICompatibleServer({ script: [], contextWindow: 4096, models: ['llama3'] });
  t.after(() => server.close());
  const body = (await (await postJson(`${server.url}/api/show`, { model: 'llama3' })).json()) as {
    model_info: Record<string, unknown>;
    details: Record<string, unknown>;
  };
  assert.equal(body.model_info['llama.context_length'], 4096);
  assert.equal(body.model_info['general.architecture'], 'llama');
  assert.equal(body.details.family, 'llama');
  assert.equal((await postJson(`${server.url}/api/show`, { model: 'other' })).status, 404);
});

test('unknown paths answer 404 and are still recorded', async (t) => {
  const server = await startOpenAICompatibleServer({ script: [] });
  t.after(() => server.close());
  assert.equal((await fetch(`${server.url}/v1/nothing`)).status, 404);
  assert.equal(server.requests[0]!.path, '/v1/nothing');
  assert.equal(server.modelCalls.length, 0);
});

test('a client abort mid-stream is detected as a disconnect', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [{ text: 'a long answer that trickles', chunkSize: 1, chunkDelayMs: 20 }, { text: 'done' }],
  });
  t.after(() => server.close());
  const controller = new AbortController();
  const response = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    body: JSON.stringify({ messages: [], stream: true }),
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  await reader.read();
  const waited = server.waitForDisconnect();
  controller.abort();
  await waited;
  assert.equal(server.disconnects, 1);
  // A completed response is not a disconnect.
  const next = await postJson(`${server.url}/v1/chat/completions`, { messages: [], stream: true });
  assert.equal((await readAll(next)).error, undefined);
  assert.equal(server.disconnects, 1);
});

test('close() ends hanging responses', async () => {
  const server = await startOpenAICompatibleServer({ script: [{ fault: 'hang' }] });
  const pending = postJson(`${server.url}/v1/chat/completions`, { messages: [] });
  while (server.modelCalls.length === 0) await new Promise((r) => setImmediate(r));
  await server.close();
  await assert.rejects(pending);
  assert.equal(server.disconnects, 0);
});
