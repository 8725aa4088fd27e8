// Extension.onToolCall: an extension that must act on what the model is about
// to do gets an explicit hook (not a listener): once per call, in model
// order, before any call runs, with the effects the tool declares for the
// validated arguments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import type { ExtensionToolCall } from '../../src/entries/extensions.ts';
import { defineTool, type Extension, NONE } from '../../src/index.ts';
import { echoTool, scriptedAgent } from './helpers.ts';

const order: string[] = [];
const touch = defineTool({
  name: 'touch',
  description: 'Touches a file.',
  parameters: z.object({ path: z.string() }),
  trifectaLegs: NONE,
  effects: { kinds: ['readsPath'], of: ({ path }) => [{ kind: 'readsPath', path }] },
  execute: ({ path }) => {
    order.push(`run ${path}`);
    return 'ok';
  },
});

test('onToolCall sees every call of a batch in model order, with declared effects, before any call runs', async () => {
  order.length = 0;
  const seen: ExtensionToolCall[] = [];
  const watcher: Extension = {
    name: 'watcher',
    onToolCall: (_context, call) => {
      seen.push(call);
      order.push(`hook ${call.name}`);
    },
  };
  const { agent } = scriptedAgent(
    [
      {
        toolCalls: [
          { name: 'touch', arguments: { path: 'a.ts' } },
          { name: 'echo', arguments: { text: 'hi' } },
          { name: 'touch', arguments: { path: 42 } }, // does not validate: no effects
          { name: 'touch', arguments: '{"path": "b.ts"' }, // not JSON: no effects
          { name: 'missing', arguments: {} }, // unknown tool: no effects
        ],
      },
      { text: 'done' },
    ],
    { tools: [touch, echoTool()], configureMore: (c) => c.addExtension(watcher) },
  );
  assert.equal(await agent.turn('go'), 'done');
  assert.deepEqual(
    seen.map((c) => [c.name, c.effects]),
    [
      ['touch', [{ kind: 'readsPath', path: 'a.ts' }]],
      ['echo', []],
      ['touch', []],
      ['touch', []],
      ['missing', []],
    ],
  );
  assert.equal(seen[0]?.arguments, '{"path":"a.ts"}');
  // Every hook ran before the first call did.
  assert.deepEqual(order.slice(0, 6), [
    'hook touch',
    'hook echo',
    'hook touch',
    'hook touch',
    'hook missing',
    'run a.ts',
  ]);
  await agent.close();
});

test('a throwing onToolCall ends the turn and every call of the batch is still answered', async () => {
  order.length = 0;
  const broken: Extension = {
    name: 'broken',
    onToolCall: () => {
      throw new Error('hook broke');
    },
  };
  const { agent } = scriptedAgent([{ toolCalls: [{ name: 'touch', arguments: { path: 'a.ts' } }] }], {
    tools: [touch],
    configureMore: (c) => c.addExtension(broken),
  });
  await assert.rejects(agent.turn('go'), /hook broke/);
  assert.deepEqual(order, [], 'no call ran');
  const last = agent.exportHistory().messages.at(-1)?.message;
  assert.equal(last?.role, 'tool', 'the open call was answered (repair)');
  await agent.close();
});
