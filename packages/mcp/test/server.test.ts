// kodama tools served over MCP, driven by the SDK's own client: list and call over Streamable HTTP
// with the bearer token, invalid arguments and Error: results as isError, and confirmations answered
// by the start-up policy, never by the client (an elicitation handler that says yes is not asked).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defineTool, NONE } from '@kodama/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createToolServer, type ElicitConfirm, serveHttp } from '../src/index.ts';
import { remotePolicy } from '../src/server/elicit-confirm.ts';
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
      (await confirm({ title: 'launch the rocket?', detail: '', tool: 'launch' }, ctx.signal))
        ? 'launched'
        : 'Error: the user declined',
  });
}

const text = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0]!.text;

describe('kodama tools over MCP', () => {
  test('Streamable HTTP: the SDK client lists and calls; bad arguments and Error: results are isError', async () => {
    const endpoint = await serveHttp(() => createToolServer((confirm) => [add, guarded(confirm)]));
    closeLater(() => endpoint.close());
    assert.match(endpoint.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.ok((endpoint.token?.length ?? 0) >= 32, 'a random token by default');
    const authorization = `Bearer ${endpoint.token}`;
    const client = new Client({ name: 't', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
      requestInit: { headers: { authorization } },
    });
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
    assert.equal(refused.isError, true, 'no policy: refused');
    assert.equal(text(refused), 'Error: the user declined');
    const ended = transport.sessionId!;
    await transport.terminateSession();
    await client.close();
    // After the session ends its id is unknown: 404, which tells a client to start a new session;
    // without any id, anything but initialize is a 400.
    const call = { jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} };
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization,
    };
    const stale = await fetch(endpoint.url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': ended },
      body: JSON.stringify(call),
    });
    assert.equal(stale.status, 404);
    const none = await fetch(endpoint.url, { method: 'POST', headers, body: JSON.stringify(call) });
    assert.equal(none.status, 400);
  });

  test('a confirmation is answered by the start-up policy; the client is never asked, even when it would say yes', async () => {
    for (const [policy, answer] of [
      [undefined, 'Error: the user declined'],
      [remotePolicy(['launch']), 'launched'],
      [remotePolicy(['other']), 'Error: the user declined'],
    ] as const) {
      const server = await createToolServer(
        (confirm) => [guarded(confirm)],
        policy ? { confirm: policy } : {},
      );
      const [a, b] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: 't', version: '1' }, { capabilities: { elicitation: { form: {} } } });
      const asked: string[] = [];
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push((request.params as { message: string }).message);
        return { action: 'accept', content: { approve: true } };
      });
      await Promise.all([server.connect(a), client.connect(b)]);
      const result = await client.callTool({ name: 'launch', arguments: {} });
      assert.deepEqual(asked, [], 'no elicitation is sent');
      assert.equal(text(result), answer);
      await client.close();
      await server.close();
    }
  });
});
