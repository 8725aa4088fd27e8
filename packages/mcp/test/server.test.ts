// kodama tools served over MCP, driven by the SDK's own client: list and call over Streamable HTTP,
// invalid arguments and Error: results as isError, and a confirmation answered by elicitation
// (approved when the client supports it and says yes, refused when it does not support it).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defineTool, NONE } from '@kodama/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createToolServer, type ElicitConfirm, serveHttp } from '../src/index.ts';
import { closeLater } from './helpers.ts';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  parameters: z.object({ a: z.number(), b: z.number() }),
  trifectaLegs: NONE,
  execute: ({ a, b }) => String(a + b),
});

function guarded(confirm: ElicitConfirm) {
  return defineTool({
    name: 'launch',
    description: 'Launches, after confirmation.',
    parameters: z.object({}),
    execute: async (_args, ctx) =>
      (await confirm({ title: 'launch the rocket?', detail: '' }, ctx.signal))
        ? 'launched'
        : 'Error: the user declined',
  });
}

const text = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0]!.text;

describe('kodama tools over MCP', () => {
  test('Streamable HTTP: the SDK client lists and calls; bad arguments and Error: results are isError', async () => {
    const endpoint = await serveHttp(() => createToolServer((confirm) => [add, guarded(confirm)]), 0);
    closeLater(() => endpoint.close());
    assert.match(endpoint.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 't', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url));
    await client.connect(transport);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['add', 'launch'],
    );
    assert.equal(text(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })), '42');
    const bad = await client.callTool({ name: 'add', arguments: { a: 'x' } });
    assert.equal(bad.isError, true);
    assert.match(text(bad), /^Error: invalid arguments for add: .*\$\.a/);
    const refused = await client.callTool({ name: 'launch', arguments: {} });
    assert.equal(refused.isError, true, 'no elicitation capability: refused');
    assert.equal(text(refused), 'Error: the user declined');
    const ended = transport.sessionId!;
    await transport.terminateSession();
    await client.close();
    // After the session ends its id is unknown: 404, which tells a client to start a new session;
    // without any id, anything but initialize is a 400.
    const call = { jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const stale = await fetch(endpoint.url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': ended },
      body: JSON.stringify(call),
    });
    assert.equal(stale.status, 404);
    const none = await fetch(endpoint.url, { method: 'POST', headers, body: JSON.stringify(call) });
    assert.equal(none.status, 400);
  });

  test('a confirmation is answered by MCP elicitation when the client supports it', async () => {
    for (const approve of [true, false]) {
      const server = await createToolServer((confirm) => [guarded(confirm)]);
      const [a, b] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: 't', version: '1' }, { capabilities: { elicitation: { form: {} } } });
      const asked: string[] = [];
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push((request.params as { message: string }).message);
        return { action: 'accept', content: { approve } };
      });
      await Promise.all([server.connect(a), client.connect(b)]);
      const result = await client.callTool({ name: 'launch', arguments: {} });
      assert.deepEqual(asked, ['launch the rocket?']);
      assert.equal(text(result), approve ? 'launched' : 'Error: the user declined');
      await client.close();
      await server.close();
    }
  });
});
