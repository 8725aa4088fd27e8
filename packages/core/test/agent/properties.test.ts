// Property: whatever a turn meets (tool failures, unknown tools, bad JSON,
// budget trips, provider faults, cancels at random instants), the
// conversation afterwards answers every tool call exactly once and round-trips
// through export / serialize / parse / load.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ScriptedModel, type ScriptedReply } from '@kodama/testkit';
import fc from 'fast-check';
import { z } from 'zod';
import { ToolLoopError } from '../../src/entries/tool.ts';
import {
  Agent,
  Cancellable,
  CancelledError,
  defineTool,
  History,
  ModelError,
  NONE,
  StepLimit,
  StepLimitExceeded,
} from '../../src/index.ts';
import { assertSendable, boomTool, echoTool, messagesOf } from './helpers.ts';

const slow = defineTool({
  name: 'slow',
  description: 'waits a little, honouring cancel',
  parameters: z.object({ ms: z.number() }),
  trifectaLegs: NONE,
  execute: ({ ms }, ctx) =>
    new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => resolve(`slept ${ms}`), ms);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(ctx.signal.reason);
      });
    }),
});

const callArb = fc.oneof(
  fc.record({ name: fc.constant('echo'), arguments: fc.constant<Record<string, unknown>>({ text: 'hi' }) }),
  fc.record({ name: fc.constant('boom'), arguments: fc.constant<Record<string, unknown>>({}) }),
  fc.record({ name: fc.constant('slow'), arguments: fc.integer({ min: 0, max: 4 }).map((ms) => ({ ms })) }),
  fc.record({ name: fc.constant('missing'), arguments: fc.constant<Record<string, unknown>>({}) }),
  fc.record({
    name: fc.constant('echo'),
    arguments: fc.constant<string | Record<string, unknown>>('{"text": '),
  }),
);

const roundArb: fc.Arbitrary<ScriptedReply> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .array(callArb, { minLength: 1, maxLength: 4 })
      .map((toolCalls) => ({ toolCalls, chunkSize: 5 })),
  },
  {
    weight: 1,
    arbitrary: fc.constant<ScriptedReply>({
      fault: 'cut',
      answer: { text: 'partial reply here' },
      afterEvents: 1,
    }),
  },
  { weight: 1, arbitrary: fc.constant<ScriptedReply>({ fault: 'http', status: 500 }) },
);

const scenarioArb = fc.record({
  rounds: fc.array(roundArb, { minLength: 0, maxLength: 4 }),
  budget: fc.option(fc.record({ max: fc.integer({ min: 1, max: 5 }), synth: fc.boolean() }), {
    nil: undefined,
  }),
  cancelAtEvent: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  // A cancel from outside the loop, landing while a stream or a slow tool is awaited.
  cancelAfterMs: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  observeFailures: fc.boolean(),
  sequential: fc.boolean(),
});

describe('conversation integrity (property)', () => {
  test('every tool call has exactly one result and the history round-trips, whatever unwinds the turn', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        // Enough answers for every round, a synthesizer, and a final text.
        const script: ScriptedReply[] = [
          ...s.rounds,
          { text: 'final answer' },
          { text: 'spare' },
          { text: 'spare' },
        ];
        const model = new ScriptedModel(script);
        const cancellable = new Cancellable();
        let seen = 0;
        const echo = s.sequential ? { ...echoTool(), sequential: true } : echoTool();
        const agent = new Agent({
          model,
          systemPrompt: 'prop',
          streaming: true,
          cancellable,
          toolFailures: s.observeFailures ? 'observe' : 'raise',
          ...(s.budget
            ? { stepLimit: new StepLimit(s.budget.max, s.budget.synth ? 'synthesize' : 'raise') }
            : {}),
          configure: (c) => {
            c.addTool(echo).addTool(boomTool()).addTool(slow);
            c.addListener({
              onEvent: () => {
                seen++;
                if (seen === s.cancelAtEvent) cancellable.cancel();
              },
            });
          },
        });
        const timer =
          s.cancelAfterMs === undefined ? undefined : setTimeout(() => cancellable.cancel(), s.cancelAfterMs);
        const outcome = await agent.turn('start').then(
          () => undefined,
          (error: unknown) => error,
        );
        clearTimeout(timer);
        // Only the ways a turn is allowed to end: anything else is a loop bug.
        if (outcome !== undefined) {
          const expected =
            CancelledError.isInstance(outcome) ||
            outcome instanceof StepLimitExceeded ||
            ModelError.isInstance(outcome) ||
            ToolLoopError.isInstance(outcome) ||
            (outcome instanceof RangeError && outcome.message === 'kaboom');
          assert.ok(expected, `unexpected failure: ${String(outcome)}`);
        }
        assertSendable(messagesOf(agent));
        const exported = agent.exportHistory();
        const parsed = History.parse(exported.serialize());
        assert.ok(parsed.equals(exported), 'serialize/parse round trip');
        const fresh = new Agent({ model: new ScriptedModel([]), systemPrompt: 'prop' });
        fresh.loadHistory(parsed);
        assert.ok(fresh.exportHistory().equals(exported), 'load round trip (nothing needed repair)');
      }),
      { numRuns: 150 },
    );
  });
});
