import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DeadlineExceededError, ModelError } from '@kodama/core';
import { AssemblyConfigError, AssemblyStepLimitError, GraphRoutingError, graph } from '../src/index.ts';
import { agent, type Call, collect, modelOf, publicAgents, server, USAGE } from './helpers.ts';

describe('graph', () => {
  test('a review loop: conditional edges route back until approved; only the finish speaks publicly', async () => {
    let reviews = 0;
    const calls: Call[] = [];
    const s = await server((c) => {
      calls.push(c);
      if (c.agent === 'reviewer')
        return { text: ++reviews < 2 ? 'REJECT: too short' : 'APPROVE', usage: USAGE };
      return { text: `${c.agent} v${calls.length}`, usage: USAGE };
    });
    const model = await modelOf(s);
    const g = graph({
      nodes: {
        writer: agent(model, 'writer'),
        reviewer: agent(model, 'reviewer'),
        publisher: agent(model, 'publisher'),
      },
      start: 'writer',
      finish: 'publisher',
      edges: [
        { from: 'writer', to: 'reviewer' },
        { from: 'reviewer', to: 'publisher', when: (out) => out.startsWith('APPROVE'), label: 'approved' },
        { from: 'reviewer', to: 'writer', when: (out) => out.startsWith('REJECT'), label: 'rejected' },
      ],
    });
    const { events, run } = await collect(g.stream('Write a haiku'));
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(
      run.trajectory.steps.map((st) => st.participant),
      ['writer', 'reviewer', 'writer', 'reviewer', 'publisher'],
    );
    assert.equal(calls[0]?.task, 'Write a haiku');
    assert.equal(
      calls[2]?.task,
      'Original Task:\nWrite a haiku\n\nInputs from previous nodes:\n\nFrom reviewer:\nREJECT: too short',
    );
    assert.deepEqual(publicAgents(events), ['publisher']);
    assert.equal(run.usage?.totalTokens, 5 * 110);
    assert.deepEqual(
      run.trajectory.transitions.map((t) => `${t.from.join('+')}>${t.to.join('+')}`),
      ['writer>reviewer', 'reviewer>writer', 'writer>reviewer', 'reviewer>publisher'],
    );
  });

  test('a cycle that never ends is stopped by maxSteps', async () => {
    const s = await server(() => ({ text: 'REJECT' }));
    const model = await modelOf(s);
    const g = graph({
      nodes: {
        writer: agent(model, 'writer'),
        reviewer: agent(model, 'reviewer'),
        done: agent(model, 'done'),
      },
      start: 'writer',
      finish: 'done',
      maxSteps: 5,
      edges: [
        { from: 'writer', to: 'reviewer' },
        { from: 'reviewer', to: 'done', when: (out) => out === 'APPROVE' },
        { from: 'reviewer', to: 'writer' },
      ],
    });
    const run = await g.ask('go');
    assert.equal(run.outcome, 'failed');
    assert.ok(AssemblyStepLimitError.isInstance(run.error), String(run.error));
    assert.equal(run.trajectory.steps.length, 5);
  });

  test('two conditional edges matching is a routing error naming both', async () => {
    const s = await server(() => ({ text: 'both' }));
    const model = await modelOf(s);
    const g = graph({
      nodes: { a: agent(model, 'a'), b: agent(model, 'b'), c: agent(model, 'c') },
      start: 'a',
      finish: 'c',
      edges: [
        { from: 'a', to: 'b', when: () => true },
        { from: 'a', to: 'c', when: (out) => out === 'both' },
        { from: 'b', to: 'c' },
      ],
    });
    const run = await g.ask('go');
    assert.ok(GraphRoutingError.isInstance(run.error), String(run.error));
    assert.match((run.error as Error).message, /node a: the conditional edges to b and to c both matched/);
  });

  test('fan-out, one branch failing routed by an error edge, then fan-in waiting for all', async () => {
    const calls: Call[] = [];
    const s = await server((c) => {
      calls.push(c);
      if (c.agent === 'flaky')
        return { fault: 'http', status: 400, body: '{"error":{"message":"SECRET detail"}}' };
      return { text: `${c.agent} ok`, latencyMs: c.agent === 'steady' ? 200 : 0, usage: USAGE };
    });
    const model = await modelOf(s);
    const g = graph({
      nodes: {
        plan: agent(model, 'plan'),
        steady: agent(model, 'steady'),
        flaky: agent(model, 'flaky'),
        merge: agent(model, 'merge'),
      },
      start: 'plan',
      finish: 'merge',
      edges: [
        { from: 'plan', to: 'steady' },
        { from: 'plan', to: 'flaky' },
        { from: 'steady', to: 'merge' },
        { from: 'flaky', to: 'merge' },
      ],
      errorEdges: [{ from: 'flaky', to: 'merge', on: [ModelError] }],
    });
    const run = await g.ask('Compare');
    assert.equal(run.outcome, 'completed', String(run.error));
    const merge = calls.find((c) => c.agent === 'merge')!;
    assert.match(
      merge.task,
      /^Original Task:\nCompare\n\nInputs from previous nodes:\n\nFrom flaky:\nFailed with \w+\.\n\nFrom steady:\nsteady ok$/,
    );
    assert.ok(!merge.task.includes('SECRET'));
    assert.equal(calls.filter((c) => c.agent === 'merge').length, 1, 'merge ran once, after both branches');
    const [, st, fl, mg] = run.trajectory.steps;
    assert.equal(fl?.status, 'failed');
    assert.ok(run.trajectory.concurrent(st!.id, fl!.id));
    assert.deepEqual(mg?.predecessors, [st?.id]);
    assert.ok(run.trajectory.transitions.some((t) => t.errorType !== undefined && t.from[0] === 'flaky'));
    assert.notEqual(st?.branch, fl?.branch);
  });

  test('a failure without an error edge fails the Run and cancels the other branch', async () => {
    const s = await server((c) =>
      c.agent === 'flaky'
        ? { fault: 'http', status: 400 }
        : c.agent === 'slow'
          ? { fault: 'hang' }
          : { text: 'ok' },
    );
    const model = await modelOf(s);
    const g = graph({
      nodes: {
        plan: agent(model, 'plan'),
        slow: agent(model, 'slow'),
        flaky: agent(model, 'flaky'),
        end: agent(model, 'end'),
      },
      start: 'plan',
      finish: 'end',
      edges: [
        { from: 'plan', to: ['slow', 'flaky'] },
        { from: ['slow', 'flaky'], to: 'end' },
      ],
    });
    const run = await g.ask('go');
    assert.equal(run.outcome, 'failed');
    assert.ok(ModelError.isInstance(run.error));
    assert.deepEqual(Object.fromEntries(run.trajectory.steps.map((st) => [st.participant, st.status])), {
      plan: 'completed',
      slow: 'cancelled',
      flaky: 'failed',
    });
  });

  test('explicit fan-out and fan-in; input mappers by precedence: edge, then group, then node', async () => {
    const calls: Call[] = [];
    const s = await server((c) => {
      calls.push(c);
      return { text: `${c.agent} out` };
    });
    const model = await modelOf(s);
    const g = graph({
      nodes: {
        start: agent(model, 'start'),
        a: { participant: agent(model, 'a'), input: () => 'node mapper of a' },
        b: { participant: agent(model, 'b'), input: () => 'node mapper of b' },
        join: { participant: agent(model, 'join'), input: () => 'node mapper of join' },
      },
      start: 'start',
      finish: 'join',
      edges: [
        { from: 'start', to: 'a', input: ({ from }) => `edge mapper from ${from[0]?.node}` },
        { from: 'start', to: 'b' },
        {
          from: ['a', 'b'],
          to: 'join',
          input: ({ from }) =>
            `group of ${from
              .map((f) => `${f.node}=${f.output}`)
              .sort()
              .join(',')}`,
        },
      ],
    });
    const run = await g.ask('go');
    assert.equal(run.outcome, 'completed', String(run.error));
    const task = (agentName: string) => calls.find((c) => c.agent === agentName)?.task;
    assert.equal(task('a'), 'edge mapper from start');
    assert.equal(task('b'), 'node mapper of b');
    assert.equal(task('join'), 'group of a=a out,b=b out');
  });

  test('validate() gives one message per problem', async () => {
    const s = await server(() => ({ text: 'x' }));
    const model = await modelOf(s);
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((n) => agent(model, n));
    const options = {
      nodes: { a: a!, b: b!, c: c!, d: d!, e: e! },
      start: 'a',
      finish: 'c',
      edges: [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'a' },
        { from: 'a', to: 'ghost' },
        { from: ['a', 'b'], to: 'c' },
      ],
    };
    assert.throws(
      () => graph(options),
      (error: unknown) => {
        assert.ok(AssemblyConfigError.isInstance(error));
        assert.deepEqual(error.problems, [
          'edge a -> ghost: ghost is not a declared node',
          'finish c has outgoing edges; the finish must end the graph',
          'node d has no route (no outgoing edge)',
          'node e has no route (no outgoing edge)',
          'node c is the target of a fan-in group and of other edges (ambiguous fan-in)',
          'node d is unreachable from start a',
          'node e is unreachable from start a',
        ]);
        return true;
      },
    );
    assert.throws(
      () => graph({ nodes: { a: a! }, start: 'x', finish: 'y' }),
      /start x is not a declared node[\s\S]*finish y is not a declared node/,
    );
    const ok = graph({ nodes: { a: a!, b: b! }, start: 'a', finish: 'b', edges: [{ from: 'a', to: 'b' }] });
    assert.deepEqual(ok.validate(), []);
  });

  test('the deadline ends a graph Run partial with the latest complete node output', async () => {
    const s = await server((c) =>
      c.agent === 'slow' ? { text: 'too late', latencyMs: 10_000 } : { text: `${c.agent} done` },
    );
    const model = await modelOf(s);
    const g = graph({
      nodes: { quick: agent(model, 'quick'), slow: agent(model, 'slow') },
      start: 'quick',
      finish: 'slow',
      edges: [{ from: 'quick', to: 'slow' }],
    });
    const { events, run } = await collect(g.stream('go', { deadline: 1500 }));
    assert.equal(run.outcome, 'partial');
    assert.equal(run.response, 'quick done');
    assert.ok(DeadlineExceededError.isInstance(run.error));
    const end = events.at(-1);
    assert.ok(end?.type === 'run-end' && end.outcome === 'partial');
  });

  test('definitions are snapshots: an edit after a Run started affects only later Runs; a graph containing itself fails', async () => {
    const s = await server((c) => ({ text: `${c.agent} out`, latencyMs: c.agent === 'a' ? 100 : 0 }));
    const model = await modelOf(s);
    const a = agent(model, 'a');
    const b = agent(model, 'b');
    const c = agent(model, 'c');
    const options = {
      nodes: { a, b } as Record<string, typeof a | ReturnType<typeof graph>>,
      start: 'a',
      finish: 'b',
      edges: [{ from: 'a', to: 'b' }],
    };
    const g = graph(options);
    const first = g.ask('go');
    // The first Run has started (its start node is answering) before the edit.
    while (s.modelCalls.length === 0) await new Promise((r) => setTimeout(r, 5));
    options.nodes = { a, c };
    options.finish = 'c';
    options.edges = [{ from: 'a', to: 'c' }];
    assert.equal((await first).response, 'b out');
    assert.equal((await g.ask('go')).response, 'c out');
    options.nodes = { a, c, self: g };
    options.edges = [
      { from: 'a', to: 'self' },
      { from: 'self', to: 'c' },
    ];
    const looped = await g.ask('go');
    assert.ok(AssemblyConfigError.isInstance(looped.error));
    assert.match((looped.error as Error).message, /node self contains the graph itself/);
  });
});
