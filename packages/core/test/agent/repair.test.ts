import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import {
  Cancellable,
  CancelledError,
  defineTool,
  ModelError,
  NONE,
  StepLimit,
  StepLimitExceeded,
  ToolError,
  type ToolResultMessage,
} from '../../src/index.ts';
import {
  CANCELLED_RESULT,
  CANCELLED_SKIPPED_RESULT,
  FAILED_SKIPPED_RESULT,
  STEP_BUDGET_RESULT,
} from '../../src/loop/repair.ts';
import { assertSendable, boomTool, echoTool, gateTool, messagesOf, scriptedAgent } from './helpers.ts';

function toolResults(agent: Parameters<typeof messagesOf>[0]): [string, unknown][] {
  return messagesOf(agent)
    .filter((m): m is ToolResultMessage => m.role === 'tool')
    .map((m) => [m.toolCallId, m.content]);
}

describe('repair of an unwound batch', () => {
  test('cancel while a tool runs: the running call is cancelled, unstarted ones skipped (sequential)', async () => {
    const cancellable = new Cancellable();
    const gate = gateTool();
    const seq = defineTool({
      name: 'later',
      description: 'runs after',
      parameters: z.object({}),
      trifectaLegs: NONE,
      sequential: true,
      execute: () => 'never',
    });
    const { agent, events } = scriptedAgent(
      [
        {
          toolCalls: [
            { id: 'g', name: 'gate', arguments: {} },
            { id: 'l1', name: 'later', arguments: {} },
            { id: 'l2', name: 'later', arguments: {} },
          ],
        },
      ],
      { tools: [gate.tool, seq], cancellable },
    );
    const turn = agent.turn('go');
    await gate.started;
    cancellable.cancel();
    await assert.rejects(turn, (e: unknown) => CancelledError.isInstance(e));
    assert.deepEqual(toolResults(agent), [
      ['g', CANCELLED_RESULT],
      ['l1', CANCELLED_SKIPPED_RESULT],
      ['l2', CANCELLED_SKIPPED_RESULT],
    ]);
    assert.deepEqual(events.types().slice(-9), [
      'tool-call',
      'tool-call',
      'tool-call',
      'tool-start',
      'tool-result',
      'tool-result',
      'tool-result',
      'cancelled',
      'turn-end',
    ]);
    assert.deepEqual(
      events.ofType('tool-result').map((e) => [e.index, e.toolCallId, e.status]),
      [
        [0, 'g', 'cancelled'],
        [1, 'l1', 'skipped'],
        [2, 'l2', 'skipped'],
      ],
    );
    assert.deepEqual(
      events.ofType('tool-start').map((e) => e.toolCallId),
      ['g'],
      'the calls that never started have no tool-start',
    );
    assert.equal(events.ofType('turn-end')[0]?.outcome, 'cancelled');
    assertSendable(messagesOf(agent));
  });

  test('cancel aborts the tool signal; the tool sees it', async () => {
    const cancellable = new Cancellable();
    let aborted = false;
    let started!: () => void;
    const startedP = new Promise<void>((r) => {
      started = r;
    });
    const listening = defineTool({
      name: 'listen',
      description: 'waits for abort',
      parameters: z.object({}),
      trifectaLegs: NONE,
      execute: (_a, ctx) =>
        new Promise<string>((_, reject) => {
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('stopped'));
          });
          started();
        }),
    });
    const { agent } = scriptedAgent([{ toolCalls: [{ name: 'listen', arguments: {} }] }], {
      tools: [listening],
      cancellable,
    });
    const turn = agent.turn('go');
    await startedP;
    cancellable.cancel();
    await assert.rejects(turn, (e: unknown) => CancelledError.isInstance(e));
    assert.equal(aborted, true);
  });

  test('cancel mid-stream: nothing half-written is appended, Cancelled emitted, rethrown', async () => {
    const cancellable = new Cancellable();
    const { agent, events } = scriptedAgent(
      [{ text: 'a long answer that streams slowly', chunkSize: 2, chunkDelayMs: 20 }],
      {
        cancellable,
        streaming: true,
      },
    );
    const turn = agent.turn('go');
    while (events.ofType('assistant-delta').length === 0) await new Promise((r) => setTimeout(r, 2));
    cancellable.cancel();
    await assert.rejects(turn, (e: unknown) => CancelledError.isInstance(e));
    assert.deepEqual(messagesOf(agent), [{ role: 'user', content: 'go' }]);
    assert.deepEqual(events.types().slice(-2), ['cancelled', 'turn-end']);
    assert.equal(events.ofType('assistant').length, 0);
  });

  test('the same Cancellable serves a fresh turn after a cancel', async () => {
    const cancellable = new Cancellable();
    const { agent } = scriptedAgent([{ text: 'slow', latencyMs: 50 }, { text: 'fresh' }], { cancellable });
    const turn = agent.turn('one');
    setTimeout(() => cancellable.cancel(), 5);
    await assert.rejects(turn, (e: unknown) => CancelledError.isInstance(e));
    assert.equal(await agent.turn('two'), 'fresh');
  });

  test('budget trip (raise): started calls answered, the rest get the budget constant', async () => {
    const { agent, events } = scriptedAgent(
      [
        {
          toolCalls: [
            { id: 'a', name: 'echo', arguments: { text: '1' } },
            { id: 'b', name: 'echo', arguments: { text: '2' } },
            { id: 'c', name: 'echo', arguments: { text: '3' } },
          ],
        },
      ],
      { tools: [echoTool()], stepLimit: new StepLimit(2) },
    );
    await assert.rejects(
      agent.turn('go'),
      (e: unknown) => StepLimitExceeded.isInstance(e) && e.maxSteps === 2,
    );
    assert.deepEqual(toolResults(agent), [
      ['a', 'echo: 1'],
      ['b', 'echo: 2'],
      ['c', STEP_BUDGET_RESULT],
    ]);
    assert.equal(events.ofType('tool-call').length, 3, 'every call the model made is announced');
    assert.deepEqual(
      events.ofType('tool-start').map((e) => e.toolCallId),
      ['a', 'b'],
      'the unstarted call has no tool-start event',
    );
    assert.deepEqual(
      events.ofType('tool-result').map((e) => [e.toolCallId, e.status]),
      [
        ['a', 'ok'],
        ['b', 'ok'],
        ['c', 'skipped'],
      ],
    );
    const end = events.ofType('turn-end')[0];
    assert.equal(end?.outcome, 'budget-exhausted');
    assert.equal(end?.error?.name, 'StepLimitExceeded');
    assert.equal(end?.error?.code, 'step-limit-exceeded');
    assertSendable(messagesOf(agent));
  });

  test('the budget counts across model rounds and resets at turn start', async () => {
    const call = (id: string) => ({ toolCalls: [{ id, name: 'echo', arguments: { text: id } }] });
    const { agent } = scriptedAgent([call('1'), call('2'), { text: 'ok' }, call('3'), call('4'), call('5')], {
      tools: [echoTool()],
      stepLimit: new StepLimit(2),
    });
    assert.equal(await agent.turn('first'), 'ok');
    await assert.rejects(agent.turn('second'), (e: unknown) => StepLimitExceeded.isInstance(e));
    assert.deepEqual(toolResults(agent).at(-1), ['5', STEP_BUDGET_RESULT]);
  });

  test('tool failure (raise, sequential): failing call answered, rest skipped, exception reaches the host', async () => {
    const later = defineTool({
      name: 'later',
      description: 'later',
      parameters: z.object({}),
      trifectaLegs: NONE,
      sequential: true,
      execute: () => 'ran',
    });
    const { agent, events } = scriptedAgent(
      [
        {
          toolCalls: [
            { id: 'x', name: 'boom', arguments: {} },
            { id: 'y', name: 'later', arguments: {} },
          ],
        },
      ],
      { tools: [boomTool(), later] },
    );
    await assert.rejects(agent.turn('go'), (e: unknown) => e instanceof RangeError && e.message === 'kaboom');
    assert.deepEqual(toolResults(agent), [
      ['x', 'Error: RangeError: kaboom'],
      ['y', FAILED_SKIPPED_RESULT],
    ]);
    assert.equal(events.ofType('tool-result')[0]?.status, 'failure');
    assertSendable(messagesOf(agent));
  });

  test('tool failure (raise, concurrent): siblings that ran keep their real results', async () => {
    const { agent } = scriptedAgent(
      [
        {
          toolCalls: [
            { id: 'x', name: 'boom', arguments: {} },
            { id: 'y', name: 'echo', arguments: { text: 'ran' } },
          ],
        },
      ],
      { tools: [boomTool(), echoTool()] },
    );
    await assert.rejects(agent.turn('go'), RangeError);
    assert.deepEqual(toolResults(agent), [
      ['x', 'Error: RangeError: kaboom'],
      ['y', 'echo: ran'],
    ]);
  });

  test('tool failure (observe): an observation, and the model recovers', async () => {
    const { agent, model } = scriptedAgent(
      [{ toolCalls: [{ id: 'x', name: 'boom', arguments: {} }] }, { text: 'recovered' }],
      { tools: [boomTool()], toolFailures: 'observe' },
    );
    assert.equal(await agent.turn('go'), 'recovered');
    assert.deepEqual(model.calls[1]?.messages.at(-1), {
      role: 'tool',
      toolCallId: 'x',
      toolName: 'boom',
      content: 'Error: RangeError: kaboom',
    });
  });

  test('a ToolError is always an observation', async () => {
    const soft = defineTool({
      name: 'soft',
      description: 'soft',
      parameters: z.object({}),
      trifectaLegs: NONE,
      execute: () => {
        throw new ToolError('file not found');
      },
    });
    const { agent } = scriptedAgent(
      [{ toolCalls: [{ id: 's', name: 'soft', arguments: {} }] }, { text: 'ok' }],
      {
        tools: [soft],
      },
    );
    assert.equal(await agent.turn('go'), 'ok');
    assert.match(String(toolResults(agent)[0]?.[1]), /^Error: .*file not found/);
  });

  test('provider error mid-stream: the failed response is not appended, ModelError reaches the host', async () => {
    const { agent } = scriptedAgent(
      [
        { toolCalls: [{ id: 'a', name: 'echo', arguments: { text: '1' } }] },
        { fault: 'cut', answer: { text: 'partial answer that is cut', chunkSize: 3 }, afterEvents: 2 },
      ],
      { tools: [echoTool()] },
    );
    await assert.rejects(agent.turn('go'), (e: unknown) => ModelError.isInstance(e));
    const msgs = messagesOf(agent);
    assert.equal(msgs.at(-1)?.role, 'tool', 'the cut response left nothing behind');
    assertSendable(msgs);
  });

  // A listener can no longer unwind a turn (it is isolated); an extension's hook still can.
  test('an uncaught exception (a throwing extension hook) still leaves every call answered', async () => {
    const { agent } = scriptedAgent(
      [
        {
          toolCalls: [
            { id: 'a', name: 'echo', arguments: { text: '1' } },
            { id: 'b', name: 'echo', arguments: { text: '2' } },
          ],
        },
      ],
      {
        tools: [echoTool()],
        configureMore: (c) =>
          c.addExtension({
            name: 'Exploding',
            onToolCall: (_context, call) => {
              if (call.arguments.includes('2')) throw new TypeError('hook bug');
            },
          }),
      },
    );
    await assert.rejects(agent.turn('go'), TypeError);
    assertSendable(messagesOf(agent));
    assert.equal(toolResults(agent).length, 2);
  });
});

test('a throwing listener is isolated: the turn completes, the listeners after it hear every event, a warning names it', async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error): void => {
    if (w.name === 'KodamaListenerWarning') warnings.push(w.message);
  };
  process.on('warning', onWarning);
  try {
    const heard: string[] = [];
    const { agent } = scriptedAgent(
      [{ toolCalls: [{ id: 'a', name: 'echo', arguments: { text: '1' } }] }, { text: 'done' }],
      {
        tools: [echoTool()],
        configureMore: (c) => {
          c.addListener({
            name: 'Exploding',
            onEvent: (e) => {
              if (e.type === 'tool-call') throw new TypeError('listener bug');
            },
          });
          c.addListener({ name: 'After', onEvent: (e) => heard.push(e.type) });
        },
      },
    );
    assert.equal(await agent.turn('go'), 'done');
    assert.ok(heard.includes('tool-call') && heard.includes('tool-result') && heard.includes('turn-end'));
    assert.equal(toolResults(agent).length, 1);
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    assert.deepEqual(warnings, ['the listener Exploding threw on tool-call: listener bug']);
    await agent.close();
  } finally {
    process.off('warning', onWarning);
  }
});
