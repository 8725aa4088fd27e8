// The Run: one call, one result. Scripted model, in process.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ScriptedModel } from '@kodama/testkit';
import { isTerminalEvent, RunStateError } from '../../src/entries/run.ts';
import { Agent, InvalidOptionError, type RunEvent, StepLimit } from '../../src/index.ts';
import { echoTool, scriptedAgent } from '../agent/helpers.ts';

async function collect(stream: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

describe('Run', () => {
  test('a plain completed run: the exact event order, outcome, response, usage, history', async () => {
    const { agent } = scriptedAgent([{ text: 'Hello.', usage: { inputTokens: 12, outputTokens: 3 } }]);
    const stream = agent.stream('Hi');
    const events = await collect(stream);
    const run = await stream.run;
    assert.deepEqual(
      events.map((e) => e.type),
      [
        'run-start',
        'turn-start',
        'context-cap',
        'user-turn',
        'model-start',
        // A streamed Run streams the answer, though the agent was built without `streaming: true`.
        'assistant-delta',
        'assistant',
        'tokens',
        'turn-end',
        'run-end',
      ],
    );
    assert.equal(run.outcome, 'completed');
    assert.ok(run.completed && !run.failed && !run.partial && !run.cancelled);
    assert.equal(run.response, 'Hello.');
    assert.equal(run.error, undefined);
    assert.deepEqual(run.usage, {
      inputTokens: 12,
      outputTokens: 3,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
      totalTokens: 15,
      costUsd: undefined,
    });
    const stop = events.at(-1);
    assert.ok(stop && stop.type === 'run-end' && stop.outcome === 'completed');
    assert.equal(stop.runId, run.id);
    assert.equal(stop.response, 'Hello.');
    assert.deepEqual(stop.usage, run.usage);
    assert.equal(events.filter(isTerminalEvent).length, 1);
    assert.equal(
      events.map((e) => (e.type === 'assistant-delta' ? e.text : '')).join(''),
      'Hello.',
      'the deltas spell the answer',
    );
    assert.deepEqual(
      run.history?.messages.map((m) => m.message.role),
      ['user', 'assistant'],
    );
  });

  test('ask does not stream: no deltas reach its observers', async () => {
    const { agent } = scriptedAgent([{ text: 'Hello.' }]);
    const seen: string[] = [];
    const run = await agent.ask('Hi', { observers: [(e) => seen.push(e.type)] });
    assert.equal(run.response, 'Hello.');
    assert.ok(seen.includes('assistant') && !seen.includes('assistant-delta'), seen.join(' '));
  });

  test('ask resolves with the finished Run; a Run executes once', async () => {
    const { agent } = scriptedAgent([{ text: 'one' }]);
    const run = agent.createRun('go');
    assert.equal(run.outcome, undefined);
    assert.equal(await run.execute(), run);
    assert.equal(run.response, 'one');
    assert.throws(() => run.execute(), RunStateError);
    assert.throws(() => run.stream(), /already been executed/);
  });

  test('invalid options fail before a Run exists, naming the option', async () => {
    const { agent, model } = scriptedAgent([{ text: 'never' }]);
    await assert.rejects(
      agent.ask('go', { deadline: -1 }),
      (e: unknown) =>
        InvalidOptionError.isInstance(e) && /^AskOptions\.deadline must be a Date/.test(e.message),
    );
    assert.throws(
      () => agent.stream('go', { includeAgentEvents: 'yes' as never }),
      /AskOptions\.includeAgentEvents/,
    );
    assert.throws(
      () => agent.createRun('go', { history: [] as never }),
      /AskOptions\.history must be a History/,
    );
    assert.equal(model.calls.length, 0);
  });

  test('cost comes from the price table; unknown models cost undefined, never a guess', async () => {
    const model = new ScriptedModel(
      [{ text: 'a', usage: { inputTokens: 1_000_000, outputTokens: 500_000 } }],
      {
        provider: 'openai',
        modelId: 'gpt-4o',
      },
    );
    const agent = new Agent({ model, systemPrompt: 's' });
    const prices = { 'openai:gpt-4o': { inputPerMTok: 2, outputPerMTok: 10 } };
    const run = await agent.ask('go', { prices });
    assert.equal(run.usage?.costUsd, 2 + 5);
    const unknown = await new Agent({ model: new ScriptedModel([{ text: 'b' }]), systemPrompt: 's' }).ask(
      'go',
    );
    assert.equal(unknown.usage?.costUsd, undefined);
  });

  test('usage sums every response of the run, the synthesizer included', async () => {
    const call = (id: string) => ({
      toolCalls: [{ id, name: 'echo', arguments: { text: id } }],
      usage: { inputTokens: 10, outputTokens: 1 },
    });
    const { agent } = scriptedAgent(
      [call('a'), call('b'), { text: 'synth', usage: { inputTokens: 5, outputTokens: 2 } }],
      {
        tools: [echoTool()],
        stepLimit: new StepLimit(1, 'synthesize'),
      },
    );
    const run = await agent.ask('go');
    assert.equal(run.outcome, 'completed');
    assert.equal(run.response, 'synth');
    assert.equal(run.usage?.inputTokens, 25);
    assert.equal(run.usage?.outputTokens, 4);
  });

  test('nested agents stream as agent-stream events only when asked', async () => {
    const script = () => [
      { toolCalls: [{ id: 'a', name: 'echo', arguments: { text: 'a' } }] },
      { toolCalls: [{ id: 'b', name: 'echo', arguments: { text: 'b' } }] },
      { text: 'synth' },
    ];
    const options = { tools: [echoTool()], stepLimit: new StepLimit(1, 'synthesize') };
    const hidden = await collect(scriptedAgent(script(), options).agent.stream('go'));
    assert.equal(
      hidden.some((e) => e.type === 'agent-stream' || ('agentId' in e && e.agentId === 'synthesizer')),
      false,
    );
    const shown = await collect(
      scriptedAgent(script(), options).agent.stream('go', { includeAgentEvents: true }),
    );
    const nested = shown.filter((e) => e.type === 'agent-stream');
    assert.deepEqual(
      nested.map((e) => e.type === 'agent-stream' && e.event.type),
      ['model-start', 'assistant-delta', 'assistant', 'tokens'],
      'the synthesizer streams its answer as the Run does',
    );
    const first = nested[0];
    assert.ok(first?.type === 'agent-stream');
    assert.deepEqual(first.source, {
      agentId: 'synthesizer',
      path: '/synthesizer',
      parentOperationId: first.runId,
    });
  });

  test('observers see every event, nested ones included, without the stream carrying them; a failing one is isolated', async () => {
    const seen: string[] = [];
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const { agent } = scriptedAgent(
      [
        { toolCalls: [{ id: 'a', name: 'echo', arguments: { text: 'a' } }] },
        { toolCalls: [{ id: 'b', name: 'echo', arguments: { text: 'b' } }] },
        { text: 'synth' },
        { text: 'again' },
      ],
      { tools: [echoTool()], stepLimit: new StepLimit(1, 'synthesize') },
    );
    const streamed = await collect(
      agent.stream('go', {
        observers: [
          (e) => seen.push(e.type === 'agent-stream' ? `${e.source.path}:${e.event.type}` : e.type),
          () => {
            throw new Error('broken tracer');
          },
        ],
      }),
    );
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);
    assert.ok(!streamed.some((e) => e.type === 'agent-stream'), 'the public stream stays as asked');
    assert.deepEqual(
      seen.filter((t) => t.startsWith('/synthesizer')),
      [
        '/synthesizer:model-start',
        '/synthesizer:assistant-delta',
        '/synthesizer:assistant',
        '/synthesizer:tokens',
      ],
    );
    assert.equal(seen[0], 'run-start');
    assert.equal(seen.at(-1), 'run-end');
    assert.equal(seen.filter((t) => !t.startsWith('/')).length, streamed.length, 'and every public event');
    assert.ok(warnings.length > 0 && warnings.every((w) => w.includes('broken tracer')));
    const run = await agent.ask('again', { observers: [() => {}] });
    assert.equal(run.outcome, 'completed');
    assert.throws(() => agent.createRun('x', { observers: 'no' as never }), /AskOptions\.observers/);
  });

  test('runs of one agent execute one after another, each its own conversation step', async () => {
    const { agent } = scriptedAgent([{ text: 'first', latencyMs: 30 }, { text: 'second' }]);
    const [a, b] = await Promise.all([agent.ask('1'), agent.ask('2')]);
    assert.equal(a.response, 'first');
    assert.equal(b.response, 'second');
    assert.equal(b.history?.messages.length, 4);
  });

  test('appContext reaches the tools through the Run', async () => {
    let seen: unknown;
    const probe = {
      ...echoTool(),
      execute: (_a: unknown, ctx: { appContext?: unknown }) => {
        seen = ctx.appContext;
        return 'ok';
      },
    };
    const { agent } = scriptedAgent(
      [{ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }, { text: 'done' }],
      {
        tools: [probe as never],
      },
    );
    await agent.ask('go', { appContext: { tenant: 't1' } });
    assert.deepEqual(seen, { tenant: 't1' });
  });
});
