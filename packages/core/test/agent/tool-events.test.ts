// tool-call / tool-start / tool-result: what an interface needs to show a batch as it happens.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ToolResultMessage } from '../../src/index.ts';
import { echoTool, gateTool, messagesOf, scriptedAgent } from './helpers.ts';

describe('tool lifecycle events', () => {
  test('a fast call reports before a slow one; the conversation keeps model order', async () => {
    const slow = gateTool('slow');
    const { agent, events } = scriptedAgent(
      [
        {
          toolCalls: [
            { id: 's', name: 'slow', arguments: {} },
            { id: 'f', name: 'echo', arguments: { text: 'quick' } },
          ],
        },
        { text: 'done' },
      ],
      { tools: [slow.tool, echoTool()] },
    );
    const turn = agent.turn('go');
    await slow.started;
    // The fast call has finished and been reported while the slow one still runs.
    while (events.ofType('tool-result').length === 0) await new Promise((r) => setImmediate(r));
    assert.deepEqual(
      events.ofType('tool-result').map((e) => [e.index, e.toolCallId]),
      [[1, 'f']],
    );
    slow.release('slow result');
    assert.equal(await turn, 'done');
    assert.deepEqual(
      events.ofType('tool-result').map((e) => [e.index, e.toolCallId, e.status]),
      [
        [1, 'f', 'ok'],
        [0, 's', 'ok'],
      ],
    );
    const batch = events.types().filter((t) => t.startsWith('tool-'));
    assert.deepEqual(batch, [
      'tool-call',
      'tool-call',
      'tool-start',
      'tool-start',
      'tool-result',
      'tool-result',
    ]);
    assert.deepEqual(
      events.ofType('tool-call').map((e) => [e.index, e.toolCallId, e.name]),
      [
        [0, 's', 'slow'],
        [1, 'f', 'echo'],
      ],
    );
    const results = messagesOf(agent).filter((m): m is ToolResultMessage => m.role === 'tool');
    assert.deepEqual(
      results.map((m) => [m.toolCallId, m.content]),
      [
        ['s', 'slow result'],
        ['f', 'echo: quick'],
      ],
      'results are recorded in model order',
    );
  });

  test("a tool's domain events land between its tool-start and tool-result and carry the turn id", async () => {
    const { defineTool, NONE } = await import('../../src/index.ts');
    const { z } = await import('zod');
    const noisy = defineTool({
      name: 'noisy',
      description: 'emits progress',
      parameters: z.object({}),
      trifectaLegs: NONE,
      execute: (_a, ctx) => {
        ctx.emit('progress', { pct: 50 });
        return 'ok';
      },
    });
    const { agent, events } = scriptedAgent(
      [{ toolCalls: [{ name: 'noisy', arguments: {} }] }, { text: 'x' }],
      {
        tools: [noisy],
      },
    );
    await agent.turn('go');
    const types = events.types();
    const i = types.indexOf('domain');
    assert.equal(types[i - 1], 'tool-start');
    assert.equal(types[i + 1], 'tool-result');
    assert.equal(events.ofType('domain')[0]?.turnId, events.ofType('turn-start')[0]?.turnId);
  });
});
