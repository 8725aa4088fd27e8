import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startAnthropicServer } from '../src/index.ts';
import { parseSse, postJson, readAll } from './helpers/sse.ts';

const request = { model: 'c', max_tokens: 10, messages: [{ role: 'user', content: 'q' }], stream: true };

test('http fault: anthropic-shaped error body and retry headers', async (t) => {
  const server = await startAnthropicServer({
    script: [{ fault: 'http', status: 529, retryAfterSeconds: 2, retryAfterMs: 1500 }],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/messages`, request);
  assert.equal(response.status, 529);
  assert.equal(response.headers.get('retry-after'), '2');
  assert.equal(response.headers.get('retry-after-ms'), '1500');
  const body = (await response.json()) as { type: string; error: { type: string; message: string } };
  assert.equal(body.type, 'error');
  assert.equal(body.error.type, 'overloaded_error');
  assert.match(body.error.message, /529/);
});

test('stream-error fault: a mid-stream event: error with overloaded_error', async (t) => {
  const server = await startAnthropicServer({
    script: [{ fault: 'stream-error', errorType: 'overloaded_error', message: 'Overloaded' }],
  });
  t.after(() => server.close());
  const events = parseSse(await (await postJson(`${server.url}/v1/messages`, request)).text());
  assert.deepEqual(
    events.map((e) => e.event),
    ['message_start', 'error'],
  );
  assert.deepEqual(JSON.parse(events[1]!.data), {
    type: 'error',
    error: { type: 'overloaded_error', message: 'Overloaded' },
  });
});

test('stream-error on a non-streamed request answers 529 with the error body', async (t) => {
  const server = await startAnthropicServer({
    script: [{ fault: 'stream-error', errorType: 'overloaded_error' }],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/messages`, { ...request, stream: false });
  assert.equal(response.status, 529);
  assert.equal(((await response.json()) as { error: { type: string } }).error.type, 'overloaded_error');
});

test('cut fault: the socket dies after N events', async (t) => {
  const server = await startAnthropicServer({
    script: [{ fault: 'cut', answer: { text: 'abcdef' }, afterEvents: 2 }],
  });
  t.after(() => server.close());
  const { text, error } = await readAll(await postJson(`${server.url}/v1/messages`, request));
  assert.ok(error);
  assert.deepEqual(
    parseSse(text).map((e) => e.event),
    ['message_start', 'content_block_start'],
  );
});

test('no-finish fault: content blocks but no message_delta / message_stop', async (t) => {
  const server = await startAnthropicServer({ script: [{ fault: 'no-finish', answer: { text: 'part' } }] });
  t.after(() => server.close());
  const { text, error } = await readAll(await postJson(`${server.url}/v1/messages`, request));
  assert.equal(error, undefined);
  const names = parseSse(text).map((e) => e.event);
  assert.ok(names.includes('content_block_delta'));
  assert.ok(!names.includes('message_delta') && !names.includes('message_stop'));
});

test('empty-choices fault: a message without content blocks', async (t) => {
  const server = await startAnthropicServer({ script: [{ fault: 'empty-choices' }] });
  t.after(() => server.close());
  const names = parseSse(await (await postJson(`${server.url}/v1/messages`, request)).text()).map(
    (e) => e.event,
  );
  assert.deepEqual(names, ['message_start', 'message_delta', 'message_stop']);
});

test('script exhausted: HTTP 500 with an anthropic error body that says so', async (t) => {
  const server = await startAnthropicServer({ script: [] });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/messages`, request);
  assert.equal(response.status, 500);
  const body = (await response.json()) as { error: { type: string; message: string } };
  assert.equal(body.error.type, 'api_error');
  assert.match(body.error.message, /testkit: script exhausted after 0 calls/);
});

test('records requests and detects a client abort mid-stream', async (t) => {
  const server = await startAnthropicServer({
    script: [{ text: 'slowly streaming text', chunkSize: 1, chunkDelayMs: 20 }],
    models: ['c1'],
  });
  t.after(() => server.close());
  const models = (await (await fetch(`${server.url}/v1/models`)).json()) as {
    data: Array<{ id: string; type: string }>;
  };
  assert.deepEqual(
    models.data.map((m) => [m.id, m.type]),
    [['c1', 'model']],
  );
  const controller = new AbortController();
  const response = await fetch(`${server.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Anthropic-Version': '2023-06-01' },
    body: JSON.stringify(request),
    signal: controller.signal,
  });
  await response.body!.getReader().read();
  controller.abort();
  await server.waitForDisconnect();
  assert.equal(server.disconnects, 1);
  assert.deepEqual(
    server.requests.map((r) => r.path),
    ['/v1/models', '/v1/messages'],
  );
  assert.equal(server.modelCalls[0]!.headers['anthropic-version'], '2023-06-01');
  assert.deepEqual(server.modelCalls[0]!.body, request);
});
