import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AssemblyConfigError,
  AssemblyStepLimitError,
  HANDOFF_TOOL,
  HandoffLoopError,
  swarm,
} from '../src/index.ts';
import { agent, type Call, collect, modelOf, publicAgents, server, USAGE } from './helpers.ts';

const handoff = (to: string, message: string, context?: Record<string, unknown>) => ({
  toolCalls: [{ name: HANDOFF_TOOL, arguments: { agent: to, message, ...(context ? { context } : {}) } }],
  usage: USAGE,
});

/** The enum of the handoff tool a request offered. */
function allowed(request: { body: unknown }): string[] | undefined {
  const tools = (
    request.body as {
      tools?: { function: { name: string; parameters: { properties: { agent: { enum: string[] } } } } }[];
    }
  ).tools;
  return tools?.find((t) => t.function.name === HANDOFF_TOOL)?.function.parameters.properties.agent.enum;
}

describe('swarm', () => {
  test('triage hands off to billing: billing gets the message and context, and alone speaks publicly', async () => {
    const calls: Call[] = [];
    const s = await server((c) => {
      calls.push(c);
      if (c.agent === 'triage') return handoff('billing', 'Customer wants a refund.', { order: 42 });
      return { text: `billing handled: ${c.task.split('\n')[1]}`, usage: USAGE };
    });
    const model = await modelOf(s);
    const team = swarm({
      members: {
        triage: agent(model, 'triage'),
        billing: agent(model, 'billing'),
        tech: agent(model, 'tech'),
      },
      start: 'triage',
      handoffs: { triage: ['billing', 'tech'] },
    });
    const { events, run } = await collect(team.stream('I was charged twice', { includeAgentEvents: true }));
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'billing handled: Customer wants a refund.');
    assert.equal(calls.length, 2, 'triage stops at its handoff: no second request');
    assert.equal(
      calls[1]?.task,
      'Handoff from triage:\nCustomer wants a refund.\n\nContext:\n{\n  "order": 42\n}',
    );
    assert.deepEqual(allowed(s.modelCalls[0]!), ['billing', 'tech']);
    assert.equal(allowed(s.modelCalls[1]!), undefined, 'billing has no rule: terminal, no handoff tool');
    assert.deepEqual(publicAgents(events), ['billing']);
    assert.ok(events.some((e) => e.type === 'agent-stream' && e.source.path === '/triage'));
    assert.deepEqual(
      run.trajectory.transitions.map((t) => [t.from, t.to]),
      [[['triage'], ['billing']]],
    );
    const [first, second] = run.trajectory.steps;
    assert.deepEqual(second?.predecessors, [first?.id]);
    assert.equal(first?.status, 'completed');
    assert.equal(run.usage?.totalTokens, 220);
  });

  test('a handoff to a target the member may not use is refused; the member answers itself', async () => {
    const s = await server((c) =>
      c.results === 0
        ? handoff('tech', 'try tech')
        : { text: `triage answers after: ${JSON.stringify(c.messages.at(-1)?.content)}` },
    );
    const model = await modelOf(s);
    const team = swarm({
      members: {
        triage: agent(model, 'triage'),
        billing: agent(model, 'billing'),
        tech: agent(model, 'tech'),
      },
      start: 'triage',
      handoffs: { triage: ['billing'] },
    });
    const run = await team.ask('help');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.match(run.response, /^triage answers after: .*billing/);
    assert.equal(run.trajectory.transitions.length, 0);
    assert.deepEqual(
      run.trajectory.steps.map((st) => st.participant),
      ['triage'],
    );
  });

  test('with no rules everyone may hand to everyone; a repeated handoff stops at maxHandoffRepeats', async () => {
    const s = await server((c) => handoff(c.agent === 'ping' ? 'pong' : 'ping', 'your turn'));
    const model = await modelOf(s);
    const team = swarm({
      members: { ping: agent(model, 'ping'), pong: agent(model, 'pong') },
      start: 'ping',
      maxHandoffRepeats: 2,
    });
    const { events, run } = await collect(team.stream('go'));
    assert.equal(run.outcome, 'failed');
    assert.ok(HandoffLoopError.isInstance(run.error), String(run.error));
    assert.match((run.error as Error).message, /ping -> pong happened 3 times \(maxHandoffRepeats 2\)/);
    const loop = events.find((e) => e.type === 'assembly-handoff-loop');
    assert.deepEqual(loop && { from: loop.from, to: loop.to, count: loop.count }, {
      from: 'ping',
      to: 'pong',
      count: 3,
    });
    assert.ok(
      events.indexOf(loop!) < events.findIndex((e) => e.type === 'run-end' && e.outcome === 'failed'),
    );
  });

  test('maxSteps bounds the chain of members', async () => {
    const next: Record<string, string> = { a: 'b', b: 'c', c: 'a' };
    const s = await server((c) => handoff(next[c.agent]!, 'on'));
    const model = await modelOf(s);
    const team = swarm({
      members: { a: agent(model, 'a'), b: agent(model, 'b'), c: agent(model, 'c') },
      start: 'a',
      maxSteps: 2,
    });
    const run = await team.ask('go');
    assert.ok(AssemblyStepLimitError.isInstance(run.error), String(run.error));
    assert.equal(run.trajectory.steps.length, 2);
  });

  test('validation lists every problem at once', async () => {
    const s = await server(() => ({ text: 'x' }));
    const model = await modelOf(s);
    const a = agent(model, 'a');
    assert.throws(
      () => swarm({ members: { a }, start: 'b', handoffs: { a: ['a', 'ghost'], nobody: ['a'] } }),
      (error: unknown) => {
        assert.ok(AssemblyConfigError.isInstance(error));
        assert.deepEqual(error.problems, [
          'it needs at least two members, got 1',
          'start "b" is not a member',
          'handoff a -> a: a member cannot hand off to itself',
          'handoff a -> ghost: ghost is not a member',
          'handoffs from nobody: nobody is not a member',
        ]);
        return true;
      },
    );
  });
});
