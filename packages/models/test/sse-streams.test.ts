import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, test } from 'node:test';
import { type Model, ModelError } from '@kodama/core';
import type { ModelStreamPart } from '@kodama/core/model';
import { resolveModel, StreamKeepAliveError } from '@kodama/models';
import { deltaEvent, FINISH, type RawSseServer, startRawSseServer } from './support/raw-sse-server.ts';

// The lean OpenAI-compatible adapter over real loopback HTTP, against a raw
// node:http server that writes the bytes each test needs.

const servers: RawSseServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});

async function serve(answer: Parameters<typeof startRawSseServer>[0]): Promise<RawSseServer> {
  const server = await startRawSseServer(answer);
  servers.push(server);
  return server;
}

function model(server: RawSseServer, options: Parameters<typeof resolveModel>[1] = {}): Promise<Model> {
  return resolveModel(`openai-compatible:${server.baseURL}@m`, options);
}

/** Reads a stream to its end or error: the parts that arrived, and the error if any. */
async function drain(m: Model): Promise<{ parts: ModelStreamPart[]; error: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of m.stream({ messages: [{ role: 'user', content: 'go' }] })) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts, error: undefined };
}

const deltas = (parts: readonly ModelStreamPart[]): string[] =>
  parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : []));
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

test('a 50 MB delta in one SSE line arrives whole and intact', async () => {
  const line = 'const s = "a \\"quoted\\" word"; // tab\there, ünïcödé ✓\n';
  const text = line.repeat(Math.ceil(50e6 / line.length)).slice(0, 50e6);
  const server = await serve((res) => res.end(deltaEvent(text) + FINISH));
  const { parts, error } = await drain(await model(server));
  assert.equal(error, undefined);
  const got = deltas(parts);
  assert.equal(got.length, 1, 'one event, one delta');
  assert.equal(got[0]!.length, text.length);
  assert.equal(sha256(got[0]!), sha256(text));
  assert.equal(parts.at(-1)?.type, 'finish');
});

test('many small events arrive in order, however the server batches its writes', async () => {
  const count = 20_000;
  const server = await serve((res) => {
    let i = 0;
    const more = (): void => {
      // Writes of 1 to 37 events, so events straddle the network chunks at varying places.
      while (i < count) {
        let batch = '';
        for (let n = 1 + (i % 37); n > 0 && i < count; n--) batch += deltaEvent(`${i++},`);
        if (!res.write(batch)) return void res.once('drain', more);
      }
      res.end(FINISH);
    };
    more();
  });
  const { parts, error } = await drain(await model(server));
  assert.equal(error, undefined);
  const got = deltas(parts);
  assert.equal(got.length, count);
  assert.deepEqual(
    got,
    Array.from({ length: count }, (_, i) => `${i},`),
  );
});

test('CRLF and lone CR line endings read like LF', async () => {
  const server = await serve((res) => {
    res.write(deltaEvent('crlf ', '\r\n\r\n'));
    res.write(': a comment\r');
    res.write(`\n${deltaEvent('cr ', '\r\r')}`);
    // A CRLF cut between two writes is one line end: the event is not ended early.
    res.write('data: {"choices":[{"index":0,"delta":{"content":"spl"}}]}\r');
    res.write('\n\r\n');
    res.end(FINISH.replaceAll('\n', '\r'));
  });
  const { parts, error } = await drain(await model(server));
  assert.equal(error, undefined);
  assert.deepEqual(deltas(parts), ['crlf ', 'cr ', 'spl']);
  assert.equal(parts.at(-1)?.type, 'finish');
});

test('a stream of keep-alives only ends at the keep-alive limit with StreamKeepAliveError, not retried', async () => {
  const server = await serve((res) => {
    const timer = setInterval(() => res.write(': keep-alive\n\n\n'), 5);
    res.on('close', () => clearInterval(timer));
  });
  const { parts, error } = await drain(await model(server, { keepAliveLimitMs: 100, maxRetries: 2 }));
  assert.ok(StreamKeepAliveError.isInstance(error), `got ${String(error)}`);
  assert.equal(error.keepAliveLimitMs, 100);
  assert.equal(error.midAnswer, false);
  assert.equal(error.isRetryable, false);
  assert.match(error.message, /only keep-alives for 0\.1 s.*raise keepAliveLimitMs/);
  assert.deepEqual(parts, []);
  assert.equal(server.requests.length, 1, 'a stuck server is not asked again');
});

test('keep-alives after part of the answer: what arrived is kept, then the typed error (midAnswer)', async () => {
  const server = await serve((res) => {
    res.write(deltaEvent('Hello') + deltaEvent(' world'));
    // Chunks with no answer in them count as keep-alives too.
    const timer = setInterval(() => res.write(': ping\n\ndata: {"choices":[{"index":0,"delta":{}}]}\n\n'), 5);
    res.on('close', () => clearInterval(timer));
  });
  const { parts, error } = await drain(await model(server, { keepAliveLimitMs: 100 }));
  assert.deepEqual(deltas(parts), ['Hello', ' world']);
  assert.ok(StreamKeepAliveError.isInstance(error), `got ${String(error)}`);
  assert.equal(error.midAnswer, true);
});

test('a slow stream with keep-alives between its deltas finishes, however long it runs in all', async () => {
  const server = await serve((res) => {
    let i = 0;
    const timer = setInterval(() => {
      // Each delta comes 20 ms after the last: always under the 100 ms limit, 300 ms in all.
      res.write(i % 2 === 0 ? ': keep-alive\n\n' : deltaEvent(`${i}`));
      if (++i === 30) {
        clearInterval(timer);
        res.end(FINISH);
      }
    }, 10);
    res.on('close', () => clearInterval(timer));
  });
  const { parts, error } = await drain(await model(server, { keepAliveLimitMs: 100 }));
  assert.equal(error, undefined);
  assert.equal(deltas(parts).length, 15);
});

test('a cut stream fails with a clear ModelError after every delta that arrived', async () => {
  const server = await serve((res) => {
    res.write(deltaEvent('one ') + deltaEvent('two '));
    res.write(deltaEvent('three'), () => setTimeout(() => res.socket?.destroy(), 20));
  });
  const { parts, error } = await drain(await model(server, { maxRetries: 2 }));
  assert.deepEqual(deltas(parts), ['one ', 'two ', 'three']);
  assert.ok(ModelError.isInstance(error), `got ${String(error)}`);
  assert.match(
    error.message,
    /openai-compatible cut the stream in the middle of the answer \(.+\); the parts that arrived/,
  );
  assert.equal(server.requests.length, 1, 'a stream that reached the caller is never replayed');
});

test('the keep-alive limit must be a positive number', async () => {
  const server = await serve((res) => res.end(FINISH));
  await assert.rejects(model(server, { keepAliveLimitMs: 0 }), /keepAliveLimitMs must be a positive number/);
  await assert.rejects(model(server, { keepAliveLimitMs: -5 }), /keepAliveLimitMs/);
});
