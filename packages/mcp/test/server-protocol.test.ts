// kodama's MCP server as the protocol says, driven by the SDK's own client over Streamable HTTP:
// tools/list carries title, annotations from the declared effects and legs (only hints the
// declarations settle) and the declared $schema; an unknown tool is JSON-RPC -32602; what a tool
// emits is progress when the client gave a progressToken; logging/setLevel decides which log
// notifications come; an HTTP error reply to a request that had an id carries that id.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type AnyTool, defineTool, NONE } from '@kodama/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createToolServer, serveHttp } from '../src/index.ts';
import { closeLater } from './helpers.ts';

const add = defineTool({
  name: 'add_numbers',
  description: 'Adds two numbers.',
  parameters: z.object({ a: z.number(), b: z.number() }),
  trifectaLegs: NONE,
  execute: ({ a, b }) => String(a + b),
});

const writer = defineTool({
  name: 'write_note',
  description: 'Writes a note.',
  parameters: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { text: { type: 'string' } },
  },
  trifectaLegs: { privateData: false, untrusted: 'none', egress: 'none' },
  effects: {
    kinds: ['writesFile'],
    of: () => [{ kind: 'writesFile', path: 'note.txt', preview: () => '' }],
  },
  execute: () => 'written',
});

const reader = defineTool({
  name: 'peek',
  description: 'Reads a path.',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
  trifectaLegs: { privateData: true, untrusted: 'soft', egress: 'none' },
  effects: { kinds: ['readsPath'], of: (args) => [{ kind: 'readsPath', path: String(args.path) }] },
  execute: () => 'contents',
});

/** Declares nothing: kodama assumes the worst, so the hints must too. */
const opaque = defineTool({
  name: 'opaque',
  description: 'Does something.',
  parameters: { type: 'object', properties: {} },
  execute: () => 'done',
});

const slow = defineTool({
  name: 'slow',
  description: 'Works in three steps.',
  parameters: z.object({}),
  trifectaLegs: NONE,
  execute: (_args, context) => {
    for (const step of ['one', 'two', 'three']) context.emit('test.step', `step ${step}`);
    return 'finished';
  },
});

const broken = defineTool({
  name: 'broken',
  description: 'Always fails.',
  parameters: z.object({}),
  trifectaLegs: NONE,
  execute: () => {
    throw new Error('the disk is on fire');
  },
});

const TOOLS: AnyTool[] = [add, writer, reader, opaque, slow, broken] as AnyTool[];

async function connected(): Promise<{ client: Client; url: string; authorization: string; sid: string }> {
  const endpoint = await serveHttp(() => createToolServer(() => TOOLS));
  closeLater(() => endpoint.close());
  const authorization = `Bearer ${endpoint.token}`;
  const client = new Client({ name: 't', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
    requestInit: { headers: { authorization } },
  });
  await client.connect(transport);
  closeLater(() => client.close());
  return { client, url: endpoint.url, authorization, sid: transport.sessionId! };
}

describe('kodama as an MCP server, as the protocol says', () => {
  test('tools/list: title, honest annotations, the declared $schema unchanged', async () => {
    const { client } = await connected();
    const { tools } = await client.listTools();
    const by = new Map(tools.map((t) => [t.name, t]));
    assert.equal(by.get('add_numbers')!.title, 'Add numbers');
    assert.deepEqual(by.get('add_numbers')!.annotations, {
      title: 'Add numbers',
      readOnlyHint: true,
      openWorldHint: false,
    });
    assert.deepEqual(by.get('write_note')!.annotations, {
      title: 'Write note',
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: false,
    });
    assert.deepEqual(by.get('peek')!.annotations, {
      title: 'Peek',
      readOnlyHint: true,
      openWorldHint: false,
    });
    // Nothing declared: no hint that would claim safety (the client's defaults are the worst case).
    assert.deepEqual(by.get('opaque')!.annotations, {
      title: 'Opaque',
      readOnlyHint: false,
      openWorldHint: true,
    });
    assert.equal(by.get('add_numbers')!.inputSchema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(by.get('write_note')!.inputSchema.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.equal('$schema' in by.get('peek')!.inputSchema, false, 'none declared, none invented');
    assert.deepEqual(by.get('add_numbers')!.inputSchema.required, ['a', 'b']);
    assert.equal(by.get('add_numbers')!.outputSchema, undefined, 'kodama tools declare no output schema');
  });

  test('an unknown tool is JSON-RPC -32602, not an isError result; known tools still answer', async () => {
    const { client } = await connected();
    await assert.rejects(
      client.callTool({ name: 'nope', arguments: {} }),
      (error: unknown) =>
        error instanceof McpError &&
        error.code === ErrorCode.InvalidParams &&
        /unknown tool "nope"/.test(error.message),
    );
    const sum = await client.callTool({ name: 'add_numbers', arguments: { a: 1, b: 2 } });
    assert.deepEqual(sum.content, [{ type: 'text', text: '3' }]);
  });

  test('what a tool emits reaches the client as progress on its progressToken', async () => {
    const { client } = await connected();
    const seen: Progress[] = [];
    const result = await client.callTool({ name: 'slow', arguments: {} }, undefined, {
      onprogress: (p) => seen.push(p),
    });
    assert.deepEqual(result.content, [{ type: 'text', text: 'finished' }]);
    assert.deepEqual(
      seen.map((p) => [p.progress, p.message]),
      [
        [1, 'step one'],
        [2, 'step two'],
        [3, 'step three'],
      ],
    );
  });

  test('logging/setLevel: warnings only until asked, then info; a failure is logged as an error', async () => {
    const { client } = await connected();
    const logs: Array<{ level: string; data: unknown }> = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push({ level: n.params.level, data: n.params.data });
    });
    await client.callTool({ name: 'add_numbers', arguments: { a: 1, b: 1 } });
    assert.deepEqual([...logs], [], 'nothing below warning before logging/setLevel');
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'add_numbers', arguments: { a: 1, b: 1 } });
    const failed = await client.callTool({ name: 'broken', arguments: {} });
    assert.equal(failed.isError, true);
    assert.deepEqual(
      [...logs],
      [
        { level: 'info', data: { tool: 'add_numbers', message: 'add_numbers: called' } },
        { level: 'info', data: { tool: 'broken', message: 'broken: called' } },
        { level: 'error', data: { tool: 'broken', message: 'broken: the disk is on fire' } },
      ],
    );
    await client.setLoggingLevel('error');
    logs.length = 0;
    await client.callTool({ name: 'broken', arguments: {} });
    assert.deepEqual(
      logs.map((l) => l.level),
      ['error'],
    );
  });

  test('an HTTP error reply to a request with an id carries that id', async () => {
    const { url, authorization } = await connected();
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization,
    };
    const call = (id: number | string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' });
    const stale = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': 'gone' },
      body: call(7),
    });
    assert.equal(stale.status, 404);
    assert.equal(((await stale.json()) as { id: unknown }).id, 7);
    const none = await fetch(url, { method: 'POST', headers, body: call('q-1') });
    assert.equal(none.status, 400);
    assert.equal(((await none.json()) as { id: unknown }).id, 'q-1');
    const note = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    assert.equal(((await note.json()) as { id: unknown }).id, null, 'a notification has no id to carry');
  });
});
