// What a caller can pass to one turn: a signal, an interloper, a checkpoint, application context.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import {
  Cancellable,
  CancelledError,
  defineTool,
  Interloper,
  InvalidOptionError,
  NONE,
} from '../../src/index.ts';
import { assertSendable, echoTool, gateTool, messagesOf, scriptedAgent } from './helpers.ts';

describe('turn options', () => {
  test('signal: aborting it cancels the turn, with the reason as the cause', async () => {
    const gate = gateTool();
    const { agent, events } = scriptedAgent([{ toolCalls: [{ name: 'gate', arguments: {} }] }], {
      tools: [gate.tool],
      cancellable: new Cancellable(),
    });
    const controller = new AbortController();
    const turn = agent.turn('go', { signal: controller.signal });
    await gate.started;
    const reason = new Error('the deadline');
    controller.abort(reason);
    await assert.rejects(turn, (e: unknown) => CancelledError.isInstance(e) && e.cause === reason);
    assert.equal(events.ofType('turn-end')[0]?.outcome, 'cancelled');
    assertSendable(messagesOf(agent));
  });

  test('signal without a Cancellable works too', async () => {
    const controller = new AbortController();
    controller.abort();
    const { agent } = scriptedAgent([{ text: 'never' }]);
    await assert.rejects(agent.turn('go', { signal: controller.signal }), (e: unknown) =>
      CancelledError.isInstance(e),
    );
  });

  test("interloper: this turn's queue instead of the agent's", async () => {
    const own = new Interloper();
    const { agent, model } = scriptedAgent([{ text: 'ok' }], { interloper: new Interloper() });
    own.inject('from the run');
    await agent.turn('go', { interloper: own });
    assert.deepEqual(
      model.calls[0]?.messages.map((m) => m.role === 'user' && m.content),
      ['from the run', 'go'],
    );
  });

  test('checkpoint: awaited after the user message and after every answered batch', async () => {
    const seen: number[] = [];
    const { agent } = scriptedAgent(
      [
        { toolCalls: [{ name: 'echo', arguments: { text: '1' } }] },
        { toolCalls: [{ name: 'echo', arguments: { text: '2' } }] },
        { text: 'done' },
      ],
      { tools: [echoTool()] },
    );
    await agent.turn('go', {
      checkpoint: async () => {
        const messages = messagesOf(agent);
        seen.push(messages.length);
        assertSendable(messages);
      },
    });
    assert.deepEqual(seen, [1, 3, 5]);
  });

  test('a failing checkpoint ends the turn with its error', async () => {
    const { agent, events } = scriptedAgent([{ text: 'never asked' }]);
    await assert.rejects(
      agent.turn('go', {
        checkpoint: async () => {
          throw new Error('disk full');
        },
      }),
      /disk full/,
    );
    assert.equal(events.ofType('turn-end')[0]?.error?.message, 'disk full');
  });

  test('appContext reaches the tools and never the model', async () => {
    let seen: unknown;
    const whoami = defineTool({
      name: 'whoami',
      description: 'says who the user is',
      parameters: z.object({}),
      trifectaLegs: NONE,
      execute: (_a, ctx) => {
        seen = ctx.appContext;
        return 'ok';
      },
    });
    const { agent, model } = scriptedAgent(
      [{ toolCalls: [{ name: 'whoami', arguments: {} }] }, { text: 'x' }],
      {
        tools: [whoami],
      },
    );
    const appContext = { userId: 'u-42', secret: 'never-in-a-prompt' };
    await agent.turn('go', { appContext });
    assert.equal(seen, appContext);
    assert.doesNotMatch(JSON.stringify(model.calls), /never-in-a-prompt/);
  });

  test('a bad option fails before the turn starts', async () => {
    const { agent, events } = scriptedAgent([]);
    await assert.rejects(
      agent.turn('go', { signal: 'soon' as never }),
      (e: unknown) =>
        InvalidOptionError.isInstance(e) && /^TurnOptions\.signal must be an AbortSignal/.test(e.message),
    );
    assert.equal(events.events.length, 0);
    assert.equal(agent.running, false);
  });
});
