// `agent.turn` is a thin adapter over the one plane: a Run of the agent's
// turn loop, its error rethrown. So a turn and the agent's Runs share one
// queue, and a turn answers exactly as it always has.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CancelledError, StepLimit, StepLimitExceeded, TurnInProgressError } from '../../src/index.ts';
import { echoTool, gateTool, scriptedAgent } from '../agent/helpers.ts';

test('an ask made while a turn runs waits its turn on the same queue instead of failing', async () => {
  const gate = gateTool();
  const { agent } = scriptedAgent(
    [{ toolCalls: [{ name: 'gate', arguments: {} }] }, { text: 'turn done' }, { text: 'ask done' }],
    { tools: [gate.tool] },
  );
  const turned = agent.turn('first');
  await gate.started;
  const asked = agent.ask('second');
  gate.release('open');
  assert.equal(await turned, 'turn done');
  const run = await asked;
  assert.equal(run.outcome, 'completed');
  assert.equal(run.response, 'ask done');
});

test('a turn made while a Run of the agent runs is refused, as a second turn always was', async () => {
  const gate = gateTool();
  const { agent } = scriptedAgent([{ toolCalls: [{ name: 'gate', arguments: {} }] }, { text: 'done' }], {
    tools: [gate.tool],
  });
  const asked = agent.ask('first');
  await gate.started;
  await assert.rejects(agent.turn('second'), TurnInProgressError);
  gate.release('open');
  assert.equal((await asked).outcome, 'completed');
});

test("a turn's failure is the Run's error, thrown: a spent budget, a cancel", async () => {
  const looping = Array.from({ length: 4 }, (_, i) => ({
    toolCalls: [{ name: 'echo', arguments: { text: String(i) } }],
  }));
  const { agent } = scriptedAgent(looping, { tools: [echoTool()] });
  await assert.rejects(agent.turn('loop', { stepLimit: new StepLimit(1, 'raise') }), StepLimitExceeded);
  const gate = gateTool();
  const second = scriptedAgent([{ toolCalls: [{ name: 'gate', arguments: {} }] }], { tools: [gate.tool] });
  const controller = new AbortController();
  const turned = second.agent.turn('go', { signal: controller.signal });
  await gate.started;
  controller.abort('stop');
  await assert.rejects(turned, (e) => CancelledError.isInstance(e));
});
