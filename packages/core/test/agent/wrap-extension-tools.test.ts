// wrapExtensionTools: a host's wrapper reaches every tool an extension adds,
// at configure and later through its context, and the extension otherwise
// stays itself (its own methods, fields and instanceof).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Configurator, wrapExtensionTools } from '../../src/entries/extensions.ts';
import type { AnyTool, Extension, ExtensionContext } from '../../src/index.ts';
import { echoTool, scriptedAgent } from './helpers.ts';

/** A wrapper that answers every call itself, so the test sees which calls went through it. */
function guarded(tool: AnyTool): AnyTool {
  return { ...tool, execute: () => `guarded ${tool.name}` };
}

class Connector implements Extension {
  readonly name = 'connector';
  #context: ExtensionContext | undefined;
  connected = 0;

  configure(c: Configurator): void {
    c.addTool({ ...echoTool(), name: 'at_start' }).addSubAgentTool({ ...echoTool(), name: 'hidden' });
    c.addExtension({ name: 'inner', configure: (cc) => cc.addTool({ ...echoTool(), name: 'inner_tool' }) });
  }

  bind(context: ExtensionContext): void {
    this.#context = context;
  }

  /** Adds a tool later, as an MCP server connected mid-conversation does. */
  connect(): void {
    this.connected++;
    this.#context?.addTool({ ...echoTool(), name: 'late' });
  }
}

test('every tool an extension adds goes through the wrapper; the extension keeps its own surface', async () => {
  const connector = new Connector();
  const wrapped = wrapExtensionTools(connector, guarded);
  const calls = ['at_start', 'inner_tool', 'late'].map((name, i) => ({
    id: `c${i}`,
    name,
    arguments: { text: 'x' },
  }));
  const { agent, model } = scriptedAgent([{ toolCalls: calls }, { text: 'done' }], {
    tools: [echoTool()],
    configureMore: (c) => c.addExtension(wrapped),
  });
  assert.ok(wrapped instanceof Connector);
  const found = agent.extensions.find((e) => e.name === 'connector') as Connector;
  found.connect();
  assert.equal(connector.connected, 1, 'the method ran on the original');
  assert.equal(found.connected, 1);
  await agent.turn('go');
  const results = (model.calls[1]?.messages ?? [])
    .filter((m) => m.role === 'tool')
    .map((m) => (m as { content: unknown }).content);
  assert.deepEqual(results, ['guarded at_start', 'guarded inner_tool', 'guarded late']);
  assert.equal(
    await agent.subAgentTools
      .find((t) => t.name === 'hidden')
      ?.execute({ text: 'x' }, {} as Parameters<AnyTool['execute']>[1]),
    'guarded hidden',
  );
  assert.deepEqual(
    agent.tools.map((t) => t.name),
    ['echo', 'at_start', 'inner_tool', 'late'],
  );
});
