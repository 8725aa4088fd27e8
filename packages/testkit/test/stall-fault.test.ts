import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type ScriptedServer,
  type ScriptedServerOptions,
  startAnthropicServer,
  startOpenAICompatibleServer,
} from '../src/index.ts';
import { parseSse, readEvents } from './helpers/sse.ts';

// A stall never ends the response: the only way out is the client leaving,
// which the server then counts as a disconnect (an ended response would not be).
const flavours = [
  {
    name: 'OpenAI-compatible',
    start: (o: ScriptedServerOptions) => startOpenAICompatibleServer(o),
    path: '/v1/chat/completions',
    body: { model: 'm', messages: [{ role: 'user', content: 'q' }] },
  },
  {
    name: 'Anthropic',
    start: (o: ScriptedServerOptions) => startAnthropicServer(o),
    path: '/v1/messages',
    body: { model: 'c', max_tokens: 10, messages: [{ role: 'user', content: 'q' }] },
  },
] as const;

async function post(server: ScriptedServer, path: string, body: unknown, signal: AbortSignal) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}

for (const flavour of flavours) {
  describe(`stall fault (${flavour.name})`, () => {
    test('sends N events, then holds the connection open and silent until the client leaves', async (t) => {
      const server = await flavour.start({
        script: [{ fault: 'stall', answer: { text: 'abcdefgh', chunkSize: 2 }, afterEvents: 3 }],
      });
      t.after(() => server.close());
      const controller = new AbortController();
      const response = await post(server, flavour.path, { ...flavour.body, stream: true }, controller.signal);
      assert.equal(response.status, 200);
      const events = parseSse(await readEvents(response, 3));
      assert.equal(events.length, 3);
      controller.abort();
      await server.waitForDisconnect();
      assert.equal(server.disconnects, 1, 'the response was still open when the client left');
    });

    test('afterEvents 0 sends only the headers', async (t) => {
      const server = await flavour.start({
        script: [{ fault: 'stall', answer: { text: 'x' }, afterEvents: 0 }],
      });
      t.after(() => server.close());
      const controller = new AbortController();
      const response = await post(server, flavour.path, { ...flavour.body, stream: true }, controller.signal);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/event-stream');
      controller.abort();
      await server.waitForDisconnect();
      assert.equal(server.disconnects, 1);
    });

    test('non-streamed: headers and half the JSON body, then silence', async (t) => {
      const server = await flavour.start({ script: [{ fault: 'stall', answer: { text: 'a long answer' } }] });
      t.after(() => server.close());
      const controller = new AbortController();
      const response = await post(
        server,
        flavour.path,
        { ...flavour.body, stream: false },
        controller.signal,
      );
      const length = Number(response.headers.get('content-length'));
      const reader = response.body!.getReader();
      let received = 0;
      while (received < Math.floor(length / 2)) received += (await reader.read()).value!.byteLength;
      assert.ok(received < length);
      controller.abort();
      await server.waitForDisconnect();
      assert.equal(server.disconnects, 1);
    });
  });
}
