import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CancelledError,
  DeadlineExceededError,
  defineTool,
  History,
  InvalidOptionError,
  ModelError,
  params,
} from '@kodama/core';
import { InMemorySessionStore } from '@kodama/core/session';
import { AssemblyProtocolError, StepTimeoutError, workflow } from '../src/index.ts';
import { agent, collect, modelOf, publicAgents, server, USAGE } from './helpers.ts';

describe('workflow', () => {
  test('intermediate outputs feed the final step, whose events alone are public; usage summed once', async () => {
    const s = await server((c) => ({ text: `${c.agent} on [${c.task}]`, usage: USAGE }));
    const model = await modelOf(s);
    const researcher = agent(model, 'researcher');
    const writer = agent(model, 'writer');
    const flow = workflow(async (wf, input) => {
      const notes = await wf.invoke(researcher).output();
      return wf.invoke(writer, { input: `${input}\nNotes: ${notes}` });
    });
    const { events, run } = await collect(flow.stream('Topic X', { includeAgentEvents: true }));
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'writer on [Topic X\nNotes: researcher on [Topic X]]');
    assert.deepEqual(publicAgents(events), ['writer']);
    const nested = events.filter((e) => e.type === 'agent-stream');
    assert.ok(
      nested.length > 0 && nested.every((e) => e.type === 'agent-stream' && e.source.path === '/researcher'),
    );
    assert.equal(run.usage?.totalTokens, 220);
    assert.deepEqual(
      run.trajectory.steps.map((st) => [st.participant, st.status, st.attempts.length]),
      [
        ['researcher', 'completed', 1],
        ['writer', 'completed', 1],
      ],
    );
    const kinds = events
      .map((e) => e.type)
      .filter((t) => t.startsWith('assembly-step') || t.startsWith('run-'));
    assert.deepEqual(kinds, [
      'run-start',
      'assembly-step-start',
      'assembly-step-end',
      'assembly-step-start',
      'assembly-step-end',
      'run-end',
    ]);
    const end = events.at(-1);
    assert.ok(end?.type === 'run-end' && end.outcome === 'completed');
  });

  test('without includeAgentEvents the intermediate events reach the observers only', async () => {
    const s = await server((c) => ({ text: `${c.agent} done`, usage: USAGE }));
    const model = await modelOf(s);
    const a = agent(model, 'first');
    const b = agent(model, 'second');
    const seen: string[] = [];
    const flow = workflow(async (wf) => {
      await wf.invoke(a).output();
      return wf.invoke(b);
    });
    const { events } = await collect(
      flow.stream('go', { observers: [(e) => e.type === 'agent-stream' && seen.push(e.source.path)] }),
    );
    assert.equal(
      events.some((e) => e.type === 'agent-stream'),
      false,
    );
    assert.ok(seen.includes('/first'));
  });

  test('parallel: outputs in declaration order whatever finishes first, and the branches overlap', async () => {
    const s = await server((c) => {
      const delay = { r1: 300, r2: 0, r3: 150 }[c.agent] ?? 0;
      return { text: `${c.agent} found`, latencyMs: delay, usage: USAGE };
    });
    const model = await modelOf(s);
    const [r1, r2, r3, editor] = ['r1', 'r2', 'r3', 'editor'].map((n) => agent(model, n)) as [
      ReturnType<typeof agent>,
      ReturnType<typeof agent>,
      ReturnType<typeof agent>,
      ReturnType<typeof agent>,
    ];
    let outputs: string[] = [];
    const flow = workflow(async (wf) => {
      outputs = await wf.parallel([wf.invoke(r1), wf.invoke(r2), wf.invoke(r3)]);
      return wf.invoke(editor, { input: outputs.join('; ') });
    });
    const run = await flow.ask('research');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(outputs, ['r1 found', 'r2 found', 'r3 found']);
    assert.equal(run.response, 'editor found');
    const [s1, s2, s3, s4] = run.trajectory.steps.map((st) => st.id) as [string, string, string, string];
    assert.ok(run.trajectory.concurrent(s1, s2));
    assert.ok(run.trajectory.concurrent(s1, s3));
    assert.equal(run.trajectory.concurrent(s1, s4), false);
    assert.equal(run.usage?.totalTokens, 440);
  });

  test('parallel: the first failure cancels the running siblings, then fails the Run with it', async () => {
    const s = await server((c) =>
      c.agent === 'broken'
        ? { fault: 'http', status: 400 }
        : c.agent === 'slow'
          ? { fault: 'hang' }
          : { text: 'ok' },
    );
    const model = await modelOf(s);
    const slow = agent(model, 'slow');
    const broken = agent(model, 'broken');
    const never = agent(model, 'never');
    const flow = workflow(async (wf) => {
      await wf.parallel([wf.invoke(slow), wf.invoke(broken), wf.invoke(never)], { maxConcurrency: 2 });
      return wf.invoke(never);
    });
    const disconnected = s.waitForDisconnect();
    const run = await flow.ask('go');
    await disconnected;
    assert.equal(run.outcome, 'failed');
    assert.ok(ModelError.isInstance(run.error), String(run.error));
    const byName = Object.fromEntries(run.trajectory.steps.map((st) => [st.participant, st.status]));
    assert.deepEqual(byName, { slow: 'cancelled', broken: 'failed' });
    // The third never started: its model was never called.
    assert.equal(
      s.modelCalls.some((r) => JSON.stringify(r.body).includes('You are never.')),
      false,
    );
  });

  test('returning a consumed invocation, or anything but an invocation, is a protocol error that says what to do', async () => {
    const s = await server(() => ({ text: 'ok' }));
    const model = await modelOf(s);
    const a = agent(model, 'a');
    const consumed = await workflow(async (wf) => {
      const inv = wf.invoke(a);
      await inv.output();
      return inv;
    }).ask('go');
    assert.equal(consumed.outcome, 'failed');
    assert.ok(AssemblyProtocolError.isInstance(consumed.error));
    assert.match(
      String((consumed.error as Error).message),
      /after its output was awaited; return the final invocation unstarted/,
    );
    const text = await workflow((async () => 'done') as never).ask('go');
    assert.ok(AssemblyProtocolError.isInstance(text.error));
    assert.match(
      String((text.error as Error).message),
      /returned a string .*must return its final invocation/,
    );
  });

  test('children get a deep copy of the JSON context; a non-JSON context fails the Run naming it', async () => {
    const seen: unknown[] = [];
    const probe = defineTool({
      name: 'probe',
      description: 'Reads the context.',
      parameters: params().build(),
      execute: (_args, ctx) => {
        seen.push(structuredClone(ctx.appContext));
        (ctx.appContext as { tags: string[] }).tags.push('child-edit');
        return 'ok';
      },
    });
    const s = await server((c) =>
      c.results === 0 ? { toolCalls: [{ name: 'probe', arguments: {} }] } : { text: 'done' },
    );
    const model = await modelOf(s);
    const a = agent(model, 'a', [probe]);
    const b = agent(model, 'b', [probe]);
    const context = { user: 'ada', tags: ['x'] };
    const flow = workflow(async (wf) => {
      await wf.invoke(a).output();
      return wf.invoke(b);
    });
    const run = await flow.ask('go', { appContext: context });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(seen, [
      { user: 'ada', tags: ['x'] },
      { user: 'ada', tags: ['x'] },
    ]);
    assert.deepEqual(context.tags, ['x']);
    const bad = await flow.ask('go', { appContext: { when: new Date() } });
    assert.equal(bad.outcome, 'failed');
    assert.ok(InvalidOptionError.isInstance(bad.error));
    assert.match(
      (bad.error as Error).message,
      /AskOptions\.appContext\.when must be plain JSON.*Date instance/,
    );
  });

  test('retry policy: retries need retryOn; a retried step records both attempts and a retry event', async () => {
    let calls = 0;
    const s = await server(() =>
      ++calls === 1 ? { fault: 'http', status: 400 } : { text: 'second try', usage: USAGE },
    );
    const model = await modelOf(s);
    const a = agent(model, 'a');
    const invalid = await workflow((wf) => wf.invoke(a, { retries: 2 })).ask('go');
    assert.ok(InvalidOptionError.isInstance(invalid.error));
    assert.match((invalid.error as Error).message, /retryOn must be given when retries > 0/);
    const zero = await workflow((wf) => wf.invoke(a, { timeout: 0 })).ask('x');
    assert.match(String(zero.error), /timeout must be a number of milliseconds greater than 0, got 0/);
    const { events, run } = await collect(
      workflow((wf) => wf.invoke(a, { retries: 1, retryOn: [ModelError] })).stream('go'),
    );
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'second try');
    const step = run.trajectory.steps[0]!;
    assert.deepEqual(
      step.attempts.map((x) => x.errorType),
      [run.trajectory.attemptsFor(step.id)[0]?.errorType ?? 'none', undefined],
    );
    assert.match(step.attempts[0]?.errorType ?? '', /Error$/);
    assert.ok(events.some((e) => e.type === 'assembly-step-retry' && e.attempt === 1));
  });

  test('a step timeout is its own error type; the Run deadline ends the Run partial with the last complete answer', async () => {
    const s = await server((c) =>
      c.agent === 'slow' ? { text: 'late', latencyMs: 5000 } : { text: `${c.agent} finished` },
    );
    const model = await modelOf(s);
    const fast = agent(model, 'fast');
    const slow = agent(model, 'slow');
    const timed = await workflow((wf) => wf.invoke(slow, { timeout: 100 })).ask('go');
    assert.equal(timed.outcome, 'failed');
    assert.ok(StepTimeoutError.isInstance(timed.error), String(timed.error));
    const partial = await workflow(async (wf) => {
      await wf.invoke(fast).output();
      return wf.invoke(slow);
    }).ask('go', { deadline: 1500 });
    assert.equal(partial.outcome, 'partial');
    assert.equal(partial.response, 'fast finished');
    assert.ok(DeadlineExceededError.isInstance(partial.error) || CancelledError.isInstance(partial.error));
  });

  test('children inherit the session conversation; only the final child checkpoints it', async () => {
    const s = await server((c) => ({
      text: `${c.agent} saw ${c.messages.filter((m) => m.role === 'user').length} user messages`,
    }));
    const model = await modelOf(s);
    const a = agent(model, 'a');
    const b = agent(model, 'b');
    const store = new InMemorySessionStore();
    const flow = workflow(async (wf) => {
      await wf.invoke(a).output();
      return wf.invoke(b);
    });
    const first = await flow.ask('one', { session: { id: 's1', store } });
    assert.equal(first.response, 'b saw 1 user messages');
    const second = await flow.ask('two', { session: { id: 's1', store } });
    assert.equal(second.response, 'b saw 2 user messages');
    const stored = await store.load('s1');
    // Only b's two exchanges were saved: a's never reached the session.
    assert.equal(stored?.messages.length, 4);
    assert.ok(!JSON.stringify(stored?.messages).includes('a saw'));
    assert.ok(second.history instanceof History);
  });
});
