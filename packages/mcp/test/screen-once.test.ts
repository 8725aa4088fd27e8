// Screening runs once per definition set, against the real fixture server (the SDK's McpServer over
// stdio) through the extension, with no disk cache so that nothing but the digest spares a pass: a
// server that adds a tool right after initialize (a list_changed before its first tools/list is
// answered) is screened once, its tools all there; a server that keeps changing its tools is screened
// once per new list and refused past maxToolLists, so a list_changed storm cannot screen without end.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, type AgentEvent, isEvent } from '@kodama/core';
import { MCP_REFUSED, McpExtension, McpRegistry } from '../src/index.ts';
import { closeLater, scriptedModel, stdioEntry, tempDir } from './helpers.ts';

async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(20);
}

describe('screening once per definition set', () => {
  test('a list_changed right after initialize: one screening, the late tool installed', async () => {
    const marker = join(tempDir(), 'marker');
    const model = scriptedModel(() => ({ text: 'unused' }));
    const mcp = new McpExtension({
      registry: new McpRegistry([stdioEntry('fx', ['--late-tools', '--marker', marker])]),
      cacheDir: null,
    });
    const agent = new Agent({ model, systemPrompt: 'You test.', configure: (c) => c.addExtension(mcp) });
    closeLater(() => agent.close());
    const result = await mcp.connect('fx');
    assert.ok(result.tools.includes('fx__late'), 'the first list already had the late tool');
    // The notification's refresh lists again; give its (former) second screening time to happen.
    await until(() => readFileSync(marker, 'utf8').split('tools/list').length - 1 >= 2);
    await sleep(300);
    assert.equal(model.screenings(), 1);
    assert.ok(agent.tools.some((t) => t.name === 'fx__late'));
    await agent.close();
  });

  test('a server that keeps changing its tools: each new list screened once, refused past maxToolLists', async () => {
    const events: AgentEvent[] = [];
    const steps = [
      { toolCalls: [{ name: 'mcp_connect', arguments: { id: 'fx' } }] },
      { toolCalls: [{ name: 'fx__rotate', arguments: { times: 8, every: 150 } }] },
      { text: 'done' },
    ];
    const model = scriptedModel((_r, i) => steps[i]!);
    const mcp = new McpExtension({
      registry: new McpRegistry([stdioEntry('fx')]),
      cacheDir: null,
      maxToolLists: 3,
    });
    const agent = new Agent({
      model,
      systemPrompt: 'You test.',
      configure: (c) => {
        c.addExtension(mcp);
        c.addListener({ onEvent: (event) => events.push(event) });
      },
    });
    closeLater(() => agent.close());
    await agent.turn('rotate');
    const refused = () => events.filter((e) => isEvent(e, MCP_REFUSED));
    await until(() => refused().length > 0 || model.screenings() > 3);
    // The first list and two changes were screened; the fourth different list was refused unscreened.
    assert.equal(model.screenings(), 3);
    const first = refused()[0]!;
    assert.ok(isEvent(first, MCP_REFUSED));
    assert.match(first.data.error, /changed its tool list more than 3 times in this session/);
    assert.ok(!agent.tools.some((t) => t.name.startsWith('fx__')), 'its tools were withdrawn');
    assert.deepEqual(mcp.connected, []);
    await agent.close();
  });
});
