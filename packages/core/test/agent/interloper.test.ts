import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Interloper, StepLimit } from '../../src/index.ts';
import { echoTool, gateTool, messagesOf, scriptedAgent } from './helpers.ts';

describe('Interloper', () => {
  test('queued messages are delivered at turn start, before the user message', async () => {
    const interloper = new Interloper();
    interloper.inject('loaded skill: be brief');
    const { agent, events, model } = scriptedAgent([{ text: 'ok' }], { interloper });
    await agent.turn('hello');
    assert.deepEqual(model.calls[0]?.messages, [
      { role: 'user', content: 'loaded skill: be brief' },
      { role: 'user', content: 'hello' },
    ]);
    assert.deepEqual(
      events.ofType('user-turn').map((e) => [e.content, e.midLoop]),
      [
        ['loaded skill: be brief', true],
        ['hello', false],
      ],
    );
    assert.equal(agent.exportHistory().messages[0]?.kind, 'injected');
  });

  test('a message injected during a tool batch lands after the batch is answered', async () => {
    const interloper = new Interloper();
    const gate = gateTool();
    const { agent, model, events } = scriptedAgent(
      [{ toolCalls: [{ id: 'g', name: 'gate', arguments: {} }] }, { text: 'noted' }],
      { interloper, tools: [gate.tool], stepLimit: new StepLimit(1) },
    );
    const turn = agent.turn('work');
    await gate.started;
    interloper.inject('also check the tests');
    gate.release();
    assert.equal(await turn, 'noted');
    const sent = model.calls[1]!.messages;
    assert.deepEqual(
      sent.slice(-2).map((m) => m.role),
      ['tool', 'user'],
    );
    assert.deepEqual(sent.at(-1), { role: 'user', content: 'also check the tests' });
    const types = events.types();
    assert.ok(types.indexOf('tool-result') < types.lastIndexOf('user-turn'));
    assert.equal(events.ofType('user-turn').at(-1)?.midLoop, true);
  });

  test('an injection never resets the step budget', async () => {
    const interloper = new Interloper();
    const { agent } = scriptedAgent(
      [
        { toolCalls: [{ name: 'echo', arguments: { text: '1' } }] },
        { toolCalls: [{ name: 'echo', arguments: { text: '2' } }] },
      ],
      {
        interloper,
        tools: [echoTool()],
        stepLimit: new StepLimit(1),
        configureMore: (c) =>
          c.addListener({ onEvent: (e) => e.type === 'tool-result' && interloper.inject('more') }),
      },
    );
    await assert.rejects(agent.turn('go'), /step limit/);
    assert.equal(messagesOf(agent).filter((m) => m.role === 'user').length, 2);
  });

  test('clearConversation drops queued injections', async () => {
    const interloper = new Interloper();
    const { agent, model } = scriptedAgent([{ text: 'ok' }], { interloper });
    interloper.inject('stale');
    agent.clearConversation();
    await agent.turn('fresh');
    assert.deepEqual(model.calls[0]?.messages, [{ role: 'user', content: 'fresh' }]);
  });
});
