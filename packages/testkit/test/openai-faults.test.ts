import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startOpenAICompatibleServer } from '../src/index.ts';
import { parseSse, postJson, readAll } from './helpers/sse.ts';

const request = { model: 'm', messages: [{ role: 'user', content: 'q' }], stream: true };

test('http fault: status, Retry-After and retry-after-ms headers, OpenAI-shaped error body', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [{ fault: 'http', status: 429, retryAfterSeconds: 3, retryAfterMs: 2500 }],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/chat/completions`, request);
  assert.equal(response.status, 429);
  assert.equal(response.headers.get('retry-after'), '3');
  assert.equal(response.headers.get('retry-after-ms'), '2500');
  const body = (await response.json()) as { error: { message: string; type: string; code: string } };
  assert.equal(body.error.code, 'rate_limit_exceeded');
  assert.match(body.error.message, /429/);
});

test('http fault with a scripted body sends it verbatim', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [{ fault: 'http', status: 401, body: '{"x":1}' }],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/chat/completions`, request);
  assert.equal(response.status, 401);
  assert.equal(await response.text(), '{"x":1}');
});

test('cut fault: the socket dies after N events', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [{ fault: 'cut', answer: { text: 'abcdefghijklmnop', chunkSize: 2 }, afterEvents: 3 }],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/chat/completions`, request);
  assert.equal(response.status, 200);
  const { text, error } = await readAll(response);
  assert.ok(error, 'the body read fails');
  const events = parseSse(text);
  assert.equal(events.length, 3);
  assert.equal(JSON.parse(events[2]!.data).choices[0].delta.content, 'cd');
  assert.equal(server.disconnects, 0, 'a scripted cut is not a client disconnect');
});

test('cut fault on a non-streamed request: half a JSON body then a dead socket', async (t) => {
  const server = await startOpenAICompatibleServer({ script: [{ fault: 'cut', answer: { text: 'abc' } }] });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/chat/completions`, { ...request, stream: false });
  const { error } = await readAll(response);
  assert.ok(error);
});

test('no-finish fault: content arrives, then the stream ends without finish_reason or [DONE]', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [{ fault: 'no-finish', answer: { text: 'partial' } }],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/chat/completions`, {
    ...request,
    stream_options: { include_usage: true },
  });
  const { text, error } = await readAll(response);
  assert.equal(error, undefined, 'a clean end at the HTTP level');
  const events = parseSse(text);
  assert.ok(events.length >= 2);
  assert.ok(events.every((e) => e.data !== '[DONE]'));
  for (const e of events) {
    const chunk = JSON.parse(e.data);
    assert.equal(chunk.choices[0].finish_reason, null);
    assert.equal(chunk.usage, undefined);
  }
});

test('stream-error fault: events, then an error event, then the end', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [
      {
        fault: 'stream-error',
        errorType: 'server_error',
        message: 'boom',
        answer: { text: 'ab' },
        afterEvents: 2,
      },
    ],
  });
  t.after(() => server.close());
  const response = await postJson(`${server.url}/v1/chat/completions`, request);
  const events = parseSse(await response.text());
  assert.equal(events.length, 3);
  assert.deepEqual(JSON.parse(events[2]!.data).error, {
    message: 'boom',
    type: 'server_error',
    param: null,
    code: null,
  });
});

test('empty-choices fault: streamed and non-streamed', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [{ fault: 'empty-choices' }, { fault: 'empty-choices' }],
  });
  t.after(() => server.close());
  const streamed = parseSse(await (await postJson(`${server.url}/v1/chat/completions`, request)).text());
  assert.deepEqual(JSON.parse(streamed[0]!.data).choices, []);
  assert.equal(streamed[1]!.data, '[DONE]');
  const plain = await postJson(`${server.url}/v1/chat/completions`, { ...request, stream: false });
  assert.deepEqual(((await plain.json()) as { choices: unknown[] }).choices, []);
});

test('script exhausted: HTTP 500 that says so', async (t) => {
  const server = await startOpenAICompatibleServer({ script: [{ text: 'one' }] });
  t.after(() => server.close());
  await (await postJson(`${server.url}/v1/chat/completions`, request)).text();
  const response = await postJson(`${server.url}/v1/chat/completions`, request);
  assert.equal(response.status, 500);
  assert.match(await response.text(), /testkit: script exhausted after 1 calls/);
});

test('a script function chooses per request and sees the recorded request', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: (req) => ({ text: `call ${req.callIndex} ${(req.body as { model: string }).model}` }),
  });
  t.after(() => server.close());
  for (const i of [0, 1]) {
    const response = await postJson(`${server.url}/v1/chat/completions`, { ...request, stream: false });
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    assert.equal(body.choices[0]!.message.content, `call ${i} m`);
  }
});

test('hang fault: no answer until the client aborts, then a counted disconnect', async (t) => {
  const server = await startOpenAICompatibleServer({ script: [{ fault: 'hang' }] });
  t.after(() => server.close());
  const controller = new AbortController();
  const pending = fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    body: JSON.stringify(request),
    signal: controller.signal,
  });
  while (server.modelCalls.length === 0) await new Promise((r) => setImmediate(r));
  controller.abort();
  await assert.rejects(pending, { name: 'AbortError' });
  await server.waitForDisconnect();
  assert.equal(server.disconnects, 1);
});

test('latency and chunk delays still deliver the whole answer', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [{ text: 'slow text', chunkSize: 3, latencyMs: 20, chunkDelayMs: 5 }],
  });
  t.after(() => server.close());
  const events = parseSse(await (await postJson(`${server.url}/v1/chat/completions`, request)).text());
  const text = events
    .slice(0, -1)
    .map((e) => JSON.parse(e.data).choices[0].delta.content ?? '')
    .join('');
  assert.equal(text, 'slow text');
});
