// Injectable ids and clock, and input steps: a replay reproduces the conversation byte for byte.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sequentialIds } from '../../src/entries/ids.ts';
import type {
  InputStep,
  InputStepResult,
  ModelStep,
  ModelStepResult,
  StepRunner,
  ToolStep,
  ToolStepResult,
} from '../../src/entries/loop.ts';
import { type Extension, Interloper } from '../../src/index.ts';
import { echoTool, scriptedAgent } from './helpers.ts';

type Step = ModelStep | ToolStep | InputStep;
type Result = ModelStepResult | ToolStepResult | InputStepResult;

/** Records every step's result (as JSON, like a durable store would). */
class Recorder implements StepRunner {
  readonly log: { step: Step; result: Result }[] = [];
  async #keep<R extends Result>(step: Step, run: () => Promise<R>): Promise<R> {
    const result = await run();
    this.log.push(JSON.parse(JSON.stringify({ step, result })));
    return result;
  }
  model = (s: ModelStep, run: () => Promise<ModelStepResult>) => this.#keep(s, run);
  tool = (s: ToolStep, run: () => Promise<ToolStepResult>) => this.#keep(s, run);
  input = (s: InputStep, run: () => Promise<InputStepResult>) => this.#keep(s, run);
}

/** Returns the recorded results in order without running anything; fails on a step of another kind. */
function replayer(log: Recorder['log']): StepRunner {
  const queue = [...log];
  const next = <R>(step: Step): Promise<R> => {
    const entry = queue.shift();
    assert.ok(entry, `no recorded result for ${step.kind} step`);
    assert.equal(entry.step.kind, step.kind);
    assert.equal(entry.step.turnId, step.turnId);
    return Promise.resolve(entry.result as R);
  };
  return {
    model: (s: ModelStep) => next<ModelStepResult>(s),
    tool: (s: ToolStep) => next<ToolStepResult>(s),
    input: (s: InputStep) => next<InputStepResult>(s),
  };
}

const script = [
  { toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] },
  { toolCalls: [{ name: 'echo', arguments: { text: 'y' } }] },
  { text: 'done' },
];

/** An extension whose injection differs on every call: only recording makes it replayable. */
function memoryExtension(): Extension {
  let n = 0;
  return {
    name: 'memory',
    onUserMessage: () => `<memory-context>recall ${++n} at ${Math.random()}</memory-context>`,
  };
}

describe('replay', () => {
  test('same ids and clock: two runs export byte-identical histories and identical events', async () => {
    const run = async () => {
      let t = 1000;
      const { agent, events } = scriptedAgent(script, {
        tools: [echoTool()],
        ids: sequentialIds(),
        clock: { now: () => (t += 10) },
      });
      await agent.turn('go');
      return { history: agent.exportHistory().serialize(), events: JSON.stringify(events.events) };
    };
    const a = await run();
    const b = await run();
    assert.equal(a.history, b.history);
    assert.equal(a.events, b.events);
    assert.match(a.history, /"id": ?"message-1"/);
  });

  test('a replaying runner with the same id source reproduces interjections and extension injections', async () => {
    const recorder = new Recorder();
    const interloper = new Interloper();
    const first = scriptedAgent(script, {
      tools: [echoTool()],
      ids: sequentialIds(),
      interloper,
      stepRunner: recorder,
      configureMore: (c) => c.addExtension(memoryExtension()),
    });
    first.events.onEvent = ((e) => {
      // Interject once, while the first batch runs.
      if (
        e.type === 'tool-start' &&
        interloper.pending === 0 &&
        first.events.ofType('tool-start').length === 0
      )
        interloper.inject('also check z');
      first.events.events.push(e);
    }) as typeof first.events.onEvent;
    await first.agent.turn('go');
    const recorded = first.agent.exportHistory().serialize();
    assert.match(recorded, /also check z/);
    assert.match(recorded, /memory-context/);
    assert.ok(recorder.log.some((l) => l.step.kind === 'input' && l.step.source === 'extensions'));

    const second = scriptedAgent([], {
      tools: [echoTool()],
      ids: sequentialIds(),
      interloper: new Interloper(),
      stepRunner: replayer(recorder.log),
      configureMore: (c) => c.addExtension(memoryExtension()),
    });
    await second.agent.turn('go');
    assert.equal(second.agent.exportHistory().serialize(), recorded);
  });
});
