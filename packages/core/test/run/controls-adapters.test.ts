// pikuri's controls over the Run plane: a Cancellable is a source of the
// Run's signal, an Interloper feeds the Run's interjection inbox, a StepLimit
// is the Run's budget policy.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  Cancellable,
  Interloper,
  InvalidOptionError,
  StepLimit,
  StepLimitExceeded,
} from '../../src/index.ts';
import { echoTool, gateTool, scriptedAgent } from '../agent/helpers.ts';

describe('controls as adapters of the Run', () => {
  test("a Cancellable's signal cancels the Run mid-tool", async () => {
    const gate = gateTool();
    const { agent } = scriptedAgent([{ toolCalls: [{ name: 'gate', arguments: {} }] }, { text: 'never' }], {
      tools: [gate.tool],
    });
    const cancellable = new Cancellable();
    const asked = agent.ask('Go.', { signal: cancellable.signal });
    await gate.started;
    cancellable.cancel();
    const run = await asked;
    assert.equal(run.outcome, 'cancelled');
  });

  test("an Interloper's messages are delivered at the next boundary, after the Run's own interjections", async () => {
    const gate = gateTool();
    const { agent, model } = scriptedAgent(
      [{ toolCalls: [{ name: 'gate', arguments: {} }] }, { text: 'Both noted.' }],
      { tools: [gate.tool] },
    );
    const interloper = new Interloper();
    const stream = agent.stream('Go.', { interloper });
    const read = (async () => {
      for await (const _ of stream);
    })();
    await gate.started;
    interloper.inject('From the type-ahead queue.');
    const answered = stream.interject('From run.interject.');
    gate.release('gate open');
    assert.equal(
      (await answered).text,
      'Both noted.',
      'the Run interjection is answered; the other is not waited for',
    );
    await read;
    const run = await stream.run;
    assert.equal(run.outcome, 'completed');
    assert.equal(run.response, 'Both noted.');
    const second = model.calls[1]!.messages.slice(-2).map((m) => (m.role === 'user' ? m.content : m.role));
    assert.deepEqual(second, ['From run.interject.', 'From the type-ahead queue.']);
    assert.equal(interloper.pending, 0);
  });

  test('a message left in the Interloper when the Run ends stays there', async () => {
    const { agent } = scriptedAgent([{ text: 'Done.' }]);
    const interloper = new Interloper();
    const run = await agent.ask('Go.', { interloper });
    assert.equal(run.outcome, 'completed');
    interloper.inject('later');
    assert.equal(interloper.pending, 1);
  });

  test('an interloper option that is not an Interloper is refused before a Run exists', () => {
    const { agent } = scriptedAgent([{ text: 'x' }]);
    assert.throws(
      () => agent.createRun('Go.', { interloper: { inject() {} } as never }),
      (e) => e instanceof InvalidOptionError && /interloper/.test(e.message),
    );
  });

  const looping = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ toolCalls: [{ name: 'echo', arguments: { text: String(i) } }] }));

  test("a StepLimit is the Run's budget: raise fails the Run at the step after the budget, no tool runs past it", async () => {
    const { agent, model } = scriptedAgent(looping(5), { tools: [echoTool()] });
    const run = await agent.ask('Loop.', { stepLimit: new StepLimit(2, 'raise') });
    assert.equal(run.outcome, 'failed');
    assert.ok(StepLimitExceeded.isInstance(run.error));
    assert.equal(
      model.calls.length,
      3,
      'two budgeted steps, then the call that would be the third is refused',
    );
    // The agent's own budget (none) is untouched: the next Run without the option is not limited by it.
    assert.equal(agent.stepLimit, undefined);
  });

  test("a StepLimit with 'synthesize' ends the Run completed with a tools-free answer; each Run starts it afresh", async () => {
    const { agent } = scriptedAgent(
      [...looping(2), { text: 'Summary so far.' }, ...looping(2), { text: 'Again.' }],
      {
        tools: [echoTool()],
      },
    );
    const budget = new StepLimit(1, 'synthesize');
    const first = await agent.ask('Loop.', { stepLimit: budget });
    assert.equal(first.outcome, 'completed');
    assert.equal(first.response, 'Summary so far.');
    const second = await agent.ask('Loop again.', { stepLimit: budget });
    assert.equal(second.response, 'Again.', 'the same budget, reset at the turn start');
  });

  test('a stepLimit option that is not a StepLimit is refused before a Run exists', () => {
    const { agent } = scriptedAgent([{ text: 'x' }]);
    assert.throws(
      () => agent.createRun('Go.', { stepLimit: 3 as never }),
      (e) => e instanceof InvalidOptionError && /stepLimit/.test(e.message),
    );
  });
});
