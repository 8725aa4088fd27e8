import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type {
  InputStep,
  InputStepResult,
  ModelStep,
  ModelStepResult,
  StepRunner,
  ToolStep,
  ToolStepResult,
} from '../../src/entries/loop.ts';
import { echoTool, scriptedAgent } from './helpers.ts';

/** Records every step that crosses the seam, and checks each is JSON-serializable. */
class RecordingRunner implements StepRunner {
  readonly steps: (ModelStep | ToolStep | InputStep)[] = [];
  readonly results: (ModelStepResult | ToolStepResult | InputStepResult)[] = [];

  async model(step: ModelStep, run: () => Promise<ModelStepResult>): Promise<ModelStepResult> {
    this.steps.push(JSON.parse(JSON.stringify(step)));
    const result = await run();
    this.results.push(JSON.parse(JSON.stringify(result)));
    return result;
  }

  async tool(step: ToolStep, run: () => Promise<ToolStepResult>): Promise<ToolStepResult> {
    this.steps.push(JSON.parse(JSON.stringify(step)));
    const result = await run();
    this.results.push(JSON.parse(JSON.stringify(result)));
    return result;
  }

  async input(step: InputStep, run: () => Promise<InputStepResult>): Promise<InputStepResult> {
    this.steps.push(JSON.parse(JSON.stringify(step)));
    const result = await run();
    this.results.push(JSON.parse(JSON.stringify(result)));
    return result;
  }
}

describe('step runner seam', () => {
  test('every model call and tool execution crosses it, serializable, with a stable idempotency key', async () => {
    const runner = new RecordingRunner();
    const { agent } = scriptedAgent(
      [{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'x' } }] }, { text: 'done' }],
      { tools: [echoTool()], stepRunner: runner },
    );
    await agent.turn('go');
    assert.deepEqual(
      runner.steps.map((s) => s.kind),
      ['model', 'tool', 'model'],
    );
    const [m0, t, m1] = runner.steps as [ModelStep, ToolStep, ModelStep];
    assert.equal(m0.index, 0);
    assert.equal(m1.index, 1);
    assert.equal(m0.turnId, t.turnId);
    assert.equal(t.idempotencyKey, `${t.turnId}:c1`);
    assert.deepEqual(runner.results[1], { kind: 'ok', result: 'echo: x' });
  });

  test('a replaying runner returns recorded results without calling the model or the tool', async () => {
    const recorded = new RecordingRunner();
    let executions = 0;
    const counting = { ...echoTool(), execute: () => `run ${++executions}` };
    const first = scriptedAgent(
      [{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'x' } }] }, { text: 'done' }],
      { tools: [counting], stepRunner: recorded },
    );
    await first.agent.turn('go');
    const queue = [...recorded.results];
    const replay: StepRunner = {
      model: async () => queue.shift() as ModelStepResult,
      tool: async () => queue.shift() as ToolStepResult,
      input: async () => queue.shift() as InputStepResult,
    };
    const second = scriptedAgent([], { tools: [counting], stepRunner: replay });
    assert.equal(await second.agent.turn('go'), 'done');
    assert.equal(executions, 1, 'the tool ran only in the first run');
    assert.deepEqual(
      second.agent.exportHistory().messages.map((m) => m.message),
      first.agent.exportHistory().messages.map((m) => m.message),
    );
    assert.deepEqual(
      second.events.types().filter((t) => t !== 'context-cap'),
      first.events.types().filter((t) => t !== 'context-cap'),
    );
  });
});
