// MCP's stdio framing read in linear time, with a limit that ends a server
// instead of crashing kodama: split anywhere, CRLF, bad lines, huge lines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JsonLineReader, McpLineTooLongError } from '../src/client/json-line-reader.ts';
import { ProcessGroupTransport } from '../src/client/process-group-transport.ts';

const line = (id: number, extra = '') => `${JSON.stringify({ jsonrpc: '2.0', id, result: { extra } })}\n`;

test('messages split at every byte boundary, and CRLF ends, read the same', () => {
  const text = `${line(1)}${line(2, 'é✓ ünï').replace('\n', '\r\n')}${line(3)}`;
  const bytes = Buffer.from(text);
  for (let cut = 0; cut <= bytes.length; cut++) {
    const reader = new JsonLineReader();
    const a = reader.push(bytes.subarray(0, cut));
    const b = reader.push(bytes.subarray(cut));
    const ids = [...a.messages, ...b.messages].map((m) => (m as { id: number }).id);
    assert.deepEqual(ids, [1, 2, 3], `cut at ${cut}`);
    assert.deepEqual([...a.errors, ...b.errors], []);
  }
});

test('a line that is not JSON-RPC is an error for that line only; the next still reads', () => {
  const reader = new JsonLineReader();
  const read = reader.push(Buffer.from(`not json\n{"x":1}\n${line(7)}`));
  assert.equal(read.errors.length, 2);
  assert.deepEqual(
    read.messages.map((m) => (m as { id: number }).id),
    [7],
  );
});

test('a line over the limit is dropped with a clear error, also when it arrives in pieces; later lines read', () => {
  const reader = new JsonLineReader(1024);
  const big = `${'x'.repeat(3000)}\n`;
  const first = reader.push(Buffer.from(big.slice(0, 1500)));
  assert.ok(first.errors[0] instanceof McpLineTooLongError);
  assert.equal(
    first.errors[0]?.message,
    'the MCP server sent a message over 1024 bytes; it was dropped and the server stopped',
  );
  const rest = reader.push(Buffer.from(`${big.slice(1500)}${line(9)}`));
  assert.deepEqual(rest.errors, []);
  assert.deepEqual(
    rest.messages.map((m) => (m as { id: number }).id),
    [9],
  );
});

test("a 20 MB message in 64 KiB chunks reads whole (past the SDK reader's 10 MiB limit)", () => {
  const payload = 'y'.repeat(20_000_000);
  const bytes = Buffer.from(line(1, payload));
  const reader = new JsonLineReader();
  const messages = [];
  for (let at = 0; at < bytes.length; at += 65_536)
    messages.push(...reader.push(bytes.subarray(at, at + 65_536)).messages);
  assert.equal(messages.length, 1);
  assert.equal((messages[0] as unknown as { result: { extra: string } }).result.extra.length, 20_000_000);
});

test('a server that sends a message over the limit is reported and stopped; kodama goes on', async () => {
  const script = `process.stdout.write(${JSON.stringify(line(1))}); process.stdout.write('z'.repeat(300000)); setInterval(() => {}, 1000);`;
  const transport = new ProcessGroupTransport({
    command: process.execPath,
    args: ['-e', script],
    env: { PATH: process.env.PATH ?? '' },
    maxMessageBytes: 100_000,
    graceMs: 200,
  });
  const got: unknown[] = [];
  const errors: Error[] = [];
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  transport.onmessage = (m) => got.push(m);
  transport.onerror = (e) => errors.push(e);
  await transport.start();
  await closed;
  assert.equal(got.length, 1, 'the message before it was delivered');
  assert.ok(errors.some((e) => e instanceof McpLineTooLongError));
  assert.equal(transport.pid, undefined, 'the server is gone');
});
