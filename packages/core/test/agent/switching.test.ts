import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ScriptedModel } from '@kodama/testkit';
import { EmptyTurnError } from '../../src/entries/loop.ts';
import { Interloper } from '../../src/index.ts';
import { scriptedAgent } from './helpers.ts';

describe('model switching, context cap, blank turns', () => {
  test('ContextCap is emitted once, at the first turn, from model.contextWindow()', async () => {
    const model = new ScriptedModel([{ text: 'a' }, { text: 'b' }], { contextWindow: 32000 });
    const { agent, events } = scriptedAgent([], { model });
    assert.equal(agent.contextWindowCap, undefined, 'nothing probed at construction');
    await agent.turn('1');
    await agent.turn('2');
    assert.deepEqual(
      events.ofType('context-cap').map((e) => e.cap),
      [32000],
    );
    assert.equal(agent.contextWindowCap, 32000);
  });

  test('an unknown window is announced as undefined', async () => {
    const { agent, events } = scriptedAgent([{ text: 'a' }]);
    await agent.turn('1');
    assert.deepEqual(
      events.ofType('context-cap').map((e) => e.cap),
      [undefined],
    );
  });

  test('run(msg, { model }) switches, emits ModelSwitched then a fresh ContextCap; foreign thinking withheld but exported', async () => {
    const first = new ScriptedModel([{ reasoning: 'private musings', text: 'first answer' }], {
      modelId: 'alpha',
      contextWindow: 8000,
    });
    const second = new ScriptedModel([{ text: 'second answer' }, { text: 'third' }], {
      provider: 'other',
      modelId: 'beta',
      contextWindow: 128000,
    });
    const { agent, events } = scriptedAgent([], { model: first });
    await agent.turn('one');
    await agent.turn('two', { model: second });
    const types = events.types();
    const switched = types.indexOf('model-switched');
    assert.equal(types[switched + 1], 'context-cap');
    assert.deepEqual(events.ofType('model-switched')[0]?.to, { provider: 'other', modelId: 'beta' });
    assert.deepEqual(
      events.ofType('context-cap').map((e) => e.cap),
      [8000, 128000],
    );
    assert.equal(agent.model, second);
    const sentAssistant = second.calls[0]!.messages[1];
    assert.deepEqual(
      sentAssistant,
      { role: 'assistant', text: 'first answer', toolCalls: [] },
      'reasoning withheld',
    );
    const exported = agent.exportHistory().messages[1]!;
    assert.equal(exported.modelId, 'alpha');
    assert.equal(exported.message.role === 'assistant' && exported.message.reasoning, 'private musings');
    await agent.turn('three', { model: second });
    assert.equal(events.ofType('model-switched').length, 1, 'the same model is no switch');
  });

  test('own thinking is sent back to the model that produced it', async () => {
    const model = new ScriptedModel([{ reasoning: 'mine', text: 'a' }, { text: 'b' }]);
    const { agent } = scriptedAgent([], { model });
    await agent.turn('1');
    await agent.turn('2');
    const sent = model.calls[1]!.messages[1]!;
    assert.equal(sent.role === 'assistant' && sent.reasoning, 'mine');
  });

  for (const provider of ['anthropic', 'google', 'bedrock']) {
    test(`a blank first turn on ${provider} fails with EmptyTurnError`, async () => {
      const model = new ScriptedModel([], { provider });
      const { agent } = scriptedAgent([], { model });
      await assert.rejects(
        agent.turn('   '),
        (e: unknown) => EmptyTurnError.isInstance(e) && e.provider === provider,
      );
      await assert.rejects(agent.turn(), (e: unknown) => EmptyTurnError.isInstance(e));
    });
  }

  test('a blank first turn proceeds on an OpenAI-style provider, and with an injection on anthropic', async () => {
    const { agent } = scriptedAgent([{ text: 'hi' }]);
    assert.equal(await agent.turn(''), 'hi');
    const interloper = new Interloper();
    interloper.inject('a loaded skill');
    const model = new ScriptedModel([{ text: 'reacting' }], { provider: 'anthropic' });
    const { agent: a2 } = scriptedAgent([], { model, interloper });
    assert.equal(await a2.turn(), 'reacting');
  });

  test('a blank turn mid-conversation proceeds', async () => {
    const model = new ScriptedModel([{ text: 'a' }, { text: 'b' }], { provider: 'anthropic' });
    const { agent } = scriptedAgent([], { model });
    await agent.turn('first');
    assert.equal(await agent.turn(), 'b');
    assert.equal(model.calls[1]?.messages.length, 2);
  });
});
