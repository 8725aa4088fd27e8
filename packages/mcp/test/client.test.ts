// The client against real SDK servers (stdio and Streamable HTTP) through an agent: lazy connection,
// calls and their results, bad arguments, errors for unknown and repeated ids, --mcp-connect at start.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Agent } from '@kodama/core';
import type { ModelRequest } from '@kodama/core/model';
import type { ScriptedReply } from '@kodama/testkit';
import { McpExtension, McpRegistry, type McpServerEntry } from '../src/index.ts';
import {
  closeLater,
  httpFixture,
  lastText,
  scriptedModel,
  stdioEntry,
  tempDir,
  toolNamesOf,
} from './helpers.ts';

/** An agent whose model plays `steps` in order (each a reply), with the MCP extension over `entries`. */
function agentWith(entries: McpServerEntry[], steps: Array<(r: ModelRequest) => ScriptedReply>, extra = {}) {
  const seen: ModelRequest[] = [];
  const model = scriptedModel((request, i) => {
    seen.push(request);
    const step = steps[i];
    if (!step) throw new Error(`no step ${i}`);
    return step(request);
  });
  const mcp = new McpExtension({ registry: new McpRegistry(entries), cacheDir: tempDir(), ...extra });
  const agent = new Agent({ model, systemPrompt: 'You test.', configure: (c) => c.addExtension(mcp) });
  closeLater(() => agent.close());
  return { agent, mcp, seen, model };
}

const call =
  (name: string, args: Record<string, unknown> = {}) =>
  () => ({ toolCalls: [{ name, arguments: args }] });

for (const transport of ['stdio', 'http'] as const) {
  describe(`a ${transport} server`, () => {
    test('is listed, connected on request, its tools added for the next request, called, and closed', async () => {
      const entry = transport === 'stdio' ? stdioEntry('fx') : (await httpFixture('fx')).entry;
      const { agent, seen } = agentWith(
        [entry],
        [call('mcp_connect', { id: 'fx' }), call('fx__add', { a: 2, b: 40 }), (r) => ({ text: lastText(r) })],
      );
      assert.match(agent.systemPrompt, /<available_mcps>[\s\S]*- fx: MCP server/);
      const answer = await agent.turn('add');
      assert.equal(answer, '42');
      assert.deepEqual(toolNamesOf(seen[0]!), ['mcp_connect']);
      assert.ok(toolNamesOf(seen[1]!).includes('fx__add'));
      assert.match(
        lastText(seen[1]!),
        /Connected to MCP server "fx": Fixture tools for tests\.[\s\S]*fx__add, fx__echo/,
      );
      await agent.close();
    });
  });
}

describe('closing', () => {
  test("closing the agent ends an HTTP server's session with the protocol's DELETE", async () => {
    const marker = join(tempDir(), 'marker.log');
    const { entry } = await httpFixture('fx', ['--marker', marker]);
    const { agent } = agentWith([entry], [call('mcp_connect', { id: 'fx' }), () => ({ text: 'connected' })]);
    await agent.turn('connect');
    assert.doesNotMatch(readFileSync(marker, 'utf8'), /session closed/);
    await agent.close();
    assert.match(readFileSync(marker, 'utf8'), /session closed [0-9a-f-]{36}/);
  });
});

describe('results and errors', () => {
  test('text, images, structured content and isError reach the model as such', async () => {
    const { agent, seen } = agentWith(
      [stdioEntry('fx')],
      [
        call('mcp_connect', { id: 'fx' }),
        () => ({
          toolCalls: [
            { name: 'fx__picture', arguments: {} },
            { name: 'fx__weather', arguments: {} },
            { name: 'fx__refuse', arguments: {} },
          ],
        }),
        () => ({ text: 'done' }),
      ],
    );
    await agent.turn('go');
    const results = seen[2]!.messages.filter((m) => m.role === 'tool');
    const [picture, weather, refuse] = results.slice(-3).map((m) => (m as { content: unknown }).content);
    assert.deepEqual(picture, [
      { type: 'text', text: 'a red pixel' },
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ]);
    assert.equal(weather, '{"city":"Kyoto","celsius":21}');
    assert.equal(refuse, 'Error: the vault is locked');
    await agent.close();
  });

  test("bad arguments: the server's own validation error reaches the model", async () => {
    const { agent, seen } = agentWith(
      [stdioEntry('fx')],
      [call('mcp_connect', { id: 'fx' }), call('fx__add', { a: 'two', b: 40 }), () => ({ text: 'ok' })],
    );
    await agent.turn('go');
    const observation = lastText(seen[2]!);
    assert.match(observation, /^Error: /);
    assert.match(observation, /Input validation error/);
    assert.match(observation, /expected number/i);
    await agent.close();
  });

  test('unknown id and a second connect are errors the model reads; the first connection stays', async () => {
    const { agent, seen } = agentWith(
      [stdioEntry('fx'), stdioEntry('other')],
      [
        call('mcp_connect', { id: 'nope' }),
        call('mcp_connect', { id: 'fx' }),
        call('mcp_connect', { id: 'fx' }),
        call('fx__echo', { text: 'still here' }),
        () => ({ text: 'done' }),
      ],
    );
    await agent.turn('go');
    assert.equal(lastText(seen[1]!), 'Error: unknown MCP server id "nope". Known: fx, other');
    assert.match(lastText(seen[3]!), /^Error: server "fx" is already connected/);
    assert.equal(lastText(seen[4]!), 'echo: still here');
    await agent.close();
  });

  test('connectAtStart (--mcp-connect) connects before the first model request', async () => {
    const { agent, seen, mcp } = agentWith(
      [stdioEntry('fx')],
      [call('fx__add', { a: 1, b: 1 }), (r) => ({ text: lastText(r) })],
      {
        connectAtStart: ['fx'],
      },
    );
    assert.deepEqual(mcp.connected, []);
    assert.equal(await agent.turn('go'), '2');
    assert.ok(toolNamesOf(seen[0]!).includes('fx__add'));
    await agent.close();
  });

  test('an empty registry adds neither the tool nor the block', () => {
    const model = scriptedModel(() => ({ text: 'x' }));
    const agent = new Agent({
      model,
      systemPrompt: 'You test.',
      configure: (c) => c.addExtension(new McpExtension({ registry: McpRegistry.EMPTY, cacheDir: null })),
    });
    assert.deepEqual(
      agent.tools.map((t) => t.name),
      [],
    );
    assert.doesNotMatch(agent.systemPrompt, /available_mcps/);
  });
});
