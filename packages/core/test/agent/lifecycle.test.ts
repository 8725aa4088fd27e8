// turn-start / turn-end: every turn is bracketed, whatever ends it, and every event names its turn.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Cancellable, CancelledError, ModelError, StepLimit, StepLimitExceeded } from '../../src/index.ts';
import { echoTool, gateTool, scriptedAgent } from './helpers.ts';

const call = (id: string) => ({ toolCalls: [{ id, name: 'echo', arguments: { text: id } }] });

describe('turn lifecycle events', () => {
  test('a completed turn: turn-start first, turn-end last with summed usage and the stop reason', async () => {
    const { agent, events } = scriptedAgent(
      [
        { ...call('a'), usage: { inputTokens: 100, outputTokens: 10 } },
        { text: 'done', usage: { inputTokens: 150, outputTokens: 5, cacheReadTokens: 90 } },
      ],
      { tools: [echoTool()] },
    );
    await agent.turn('go');
    const types = events.types();
    assert.equal(types[0], 'turn-start');
    assert.equal(types.at(-1), 'turn-end');
    const start = events.ofType('turn-start')[0]!;
    const end = events.ofType('turn-end')[0]!;
    assert.equal(start.modelId, agent.model.modelId);
    assert.equal(start.provider, agent.model.provider);
    assert.equal(end.turnId, start.turnId);
    assert.equal(end.outcome, 'completed');
    assert.equal(end.stopReason, 'stop');
    assert.equal(end.error, undefined);
    assert.deepEqual(end.usage, {
      inputTokens: 250,
      outputTokens: 15,
      cacheReadTokens: 90,
      cacheWriteTokens: undefined,
      reasoningTokens: undefined,
    });
    assert.ok(end.durationMs >= 0);
    for (const e of events.events) assert.equal(e.turnId, start.turnId, `${e.type} carries the turn id`);
  });

  test('each turn has its own id; events between turns carry none', async () => {
    const { agent, events } = scriptedAgent([{ text: 'one' }, { text: 'two' }]);
    await agent.turn('1');
    agent.clearConversation();
    await agent.turn('2');
    const [first, second] = events.ofType('turn-start');
    assert.notEqual(first!.turnId, second!.turnId);
    assert.equal(events.ofType('reset')[0]?.turnId, '');
  });

  test('a failed turn: turn-end carries the error class, code and message', async () => {
    const { agent, events } = scriptedAgent([{ fault: 'http', status: 500 }]);
    await assert.rejects(agent.turn('go'), (e: unknown) => ModelError.isInstance(e));
    const end = events.ofType('turn-end')[0]!;
    assert.equal(events.types().at(-1), 'turn-end');
    assert.equal(end.outcome, 'failed');
    assert.equal(end.stopReason, undefined, 'no response arrived');
    assert.equal(end.error?.name, 'ModelError');
    assert.equal(end.error?.code, 'model-error');
    assert.match(end.error?.message ?? '', /500/);
  });

  test('a cancelled turn ends with cancelled, then turn-end (outcome cancelled)', async () => {
    const cancellable = new Cancellable();
    const gate = gateTool();
    const { agent, events } = scriptedAgent([{ toolCalls: [{ name: 'gate', arguments: {} }] }], {
      tools: [gate.tool],
      cancellable,
    });
    const turn = agent.turn('go');
    await gate.started;
    cancellable.cancel();
    await assert.rejects(turn, (e: unknown) => CancelledError.isInstance(e));
    assert.deepEqual(events.types().slice(-2), ['cancelled', 'turn-end']);
    const end = events.ofType('turn-end')[0]!;
    assert.equal(end.outcome, 'cancelled');
    assert.equal(end.error?.name, 'CancelledError');
  });

  test('budget exhausted under raise: rejects, turn-end says budget-exhausted with the error', async () => {
    const { agent, events } = scriptedAgent([call('a'), call('b')], {
      tools: [echoTool()],
      stepLimit: new StepLimit(1),
    });
    await assert.rejects(agent.turn('go'), (e: unknown) => StepLimitExceeded.isInstance(e));
    const end = events.ofType('turn-end')[0]!;
    assert.equal(end.outcome, 'budget-exhausted');
    assert.equal(end.error?.code, 'step-limit-exceeded');
  });

  test('budget exhausted under synthesize: resolves, turn-end says budget-exhausted and counts the synthesizer', async () => {
    const { agent, events } = scriptedAgent(
      [
        { ...call('a'), usage: { inputTokens: 10, outputTokens: 1 } },
        { ...call('b'), usage: { inputTokens: 20, outputTokens: 2 } },
        { text: 'synthesized', usage: { inputTokens: 30, outputTokens: 3 } },
      ],
      { tools: [echoTool()], stepLimit: new StepLimit(1, 'synthesize') },
    );
    assert.equal(await agent.turn('go'), 'synthesized');
    const end = events.ofType('turn-end')[0]!;
    assert.equal(events.types().at(-1), 'turn-end');
    assert.equal(end.outcome, 'budget-exhausted');
    assert.equal(end.error, undefined);
    assert.equal(end.usage.inputTokens, 60);
    assert.equal(end.usage.outputTokens, 6);
  });

  test('turn-start precedes model-switched and context-cap', async () => {
    const { agent, events, model } = scriptedAgent([{ text: 'a' }, { text: 'b' }]);
    await agent.turn('1');
    const { ScriptedModel } = await import('@kodama/testkit');
    const other = new ScriptedModel([{ text: 'c' }], { modelId: 'other' });
    events.clear();
    await agent.turn('2', { model: other });
    assert.deepEqual(events.types().slice(0, 3), ['turn-start', 'model-switched', 'context-cap']);
    assert.equal(events.ofType('turn-start')[0]?.modelId, 'other');
    assert.notEqual(model, other);
  });
});
