// Wiring an existing agent: listeners attach and detach, tools come and go between turns.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { InMemoryEventList } from '../../src/entries/listeners.ts';
import { type AgentEvent, ASSUMED, defineTool, NONE } from '../../src/index.ts';
import { echoTool, scriptedAgent } from './helpers.ts';

const webTool = defineTool({
  name: 'web',
  description: 'reads the web',
  parameters: z.object({}),
  trifectaLegs: { ...NONE, untrusted: ASSUMED.untrusted, egress: ASSUMED.egress },
  execute: () => 'page',
});

describe('subscribe', () => {
  test('a listener attached after construction sees the next turn; unsubscribing stops it', async () => {
    const { agent } = scriptedAgent([{ text: 'one' }, { text: 'two' }]);
    const late = new InMemoryEventList();
    const off = agent.subscribe(late);
    await agent.turn('1');
    assert.equal(late.types()[0], 'turn-start');
    assert.equal(late.types().at(-1), 'turn-end');
    off();
    off();
    const seen = late.events.length;
    await agent.turn('2');
    assert.equal(late.events.length, seen);
  });

  test('a listener may unsubscribe itself while an event is delivered', async () => {
    const { agent, events } = scriptedAgent([{ text: 'one' }]);
    const got: AgentEvent[] = [];
    const off = agent.subscribe({
      onEvent: (e) => {
        got.push(e);
        off();
      },
    });
    await agent.turn('1');
    assert.equal(got.length, 1);
    assert.ok(events.events.length > 1, 'the other listeners keep receiving');
  });

  test('refuses what is not a listener', () => {
    const { agent } = scriptedAgent([]);
    assert.throws(() => agent.subscribe({} as never), /onEvent/);
  });
});

describe('addTool / removeTool', () => {
  test('a tool added between turns is offered on the next request; a removed one is not; the trifecta follows', async () => {
    const { agent, model } = scriptedAgent([{ text: 'a' }, { text: 'b' }, { text: 'c' }], {
      tools: [echoTool()],
    });
    await agent.turn('1');
    assert.deepEqual(
      model.calls[0]?.tools?.map((t) => t.name),
      ['echo'],
    );
    assert.equal(agent.trifecta().verdict, 'silent');
    agent.addTool(webTool);
    await agent.turn('2');
    assert.deepEqual(
      model.calls[1]?.tools?.map((t) => t.name),
      ['echo', 'web'],
    );
    assert.notEqual(agent.trifecta().verdict, 'silent');
    assert.equal(agent.removeTool('echo'), true);
    assert.equal(agent.removeTool('echo'), false);
    await agent.turn('3');
    assert.deepEqual(
      model.calls[2]?.tools?.map((t) => t.name),
      ['web'],
    );
    assert.deepEqual(
      agent.tools.map((t) => t.name),
      ['web'],
    );
  });

  test('a model can call a tool added after the agent was built', async () => {
    const { agent, events } = scriptedAgent([
      { toolCalls: [{ name: 'web', arguments: {} }] },
      { text: 'read it' },
    ]);
    agent.addTool(webTool);
    assert.equal(await agent.turn('go'), 'read it');
    assert.equal(events.ofType('tool-result')[0]?.content, 'page');
  });

  test('a duplicate name is refused', () => {
    const { agent } = scriptedAgent([], { tools: [echoTool()] });
    assert.throws(() => agent.addTool(echoTool()), /duplicate tool name "echo"/);
  });
});
