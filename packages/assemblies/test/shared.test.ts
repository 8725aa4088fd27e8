import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Agent, ModelError } from '@kodama/core';
import { graph, workflow } from '../src/index.ts';
import { agent, type Call, collect, modelOf, server, USAGE } from './helpers.ts';

describe('assemblies, shared', () => {
  test('toMermaid draws fork, join, labelled conditions and dashed error edges (golden file)', async () => {
    const s = await server(() => ({ text: 'x' }));
    const model = await modelOf(s);
    const n = (name: string) => agent(model, name);
    const g = graph({
      id: 'review',
      nodes: {
        plan: n('plan'),
        draft: n('draft'),
        facts: n('facts'),
        review: n('review'),
        fix: n('fix'),
        publish: n('publish'),
      },
      start: 'plan',
      finish: 'publish',
      edges: [
        { from: 'plan', to: ['draft', 'facts'] },
        { from: 'draft', to: 'review' },
        { from: 'facts', to: 'review' },
        { from: 'review', to: 'publish', when: (o) => o.startsWith('APPROVE'), label: 'approved' },
        { from: 'review', to: 'fix', when: (o) => o.startsWith('REJECT'), label: 'rejected' },
        { from: 'fix', to: 'review' },
      ],
      errorEdges: [{ from: 'fix', to: 'publish', on: [ModelError] }],
    });
    const golden = readFileSync(new URL('./fixtures/review-graph.mmd', import.meta.url), 'utf8');
    assert.equal(g.toMermaid(), golden);
  });

  test('an assembly is a tool of an agent: its answer comes back, its usage is counted once, its events nested', async () => {
    const s = await server((c: Call) => {
      if (c.agent === 'boss')
        return c.results === 0
          ? { toolCalls: [{ name: 'research', arguments: { task: 'find facts' } }], usage: USAGE }
          : { text: `boss: ${JSON.stringify(c.messages.at(-1)?.content)}`, usage: USAGE };
      return { text: `${c.agent} on ${c.task.slice(0, 20)}`, usage: USAGE };
    });
    const model = await modelOf(s);
    const r1 = agent(model, 'r1');
    const r2 = agent(model, 'r2');
    const research = workflow(
      async (wf) => {
        const found = await wf.parallel([wf.invoke(r1), wf.invoke(r2)]);
        return wf.invoke(agent(model, 'summary'), { input: found.join(' | ') });
      },
      { id: 'research' },
    );
    const boss = new Agent({
      model,
      id: 'boss',
      systemPrompt: 'You are boss.',
      configure: (c) => c.addTool(research.asTool({ name: 'research', description: 'Research a topic.' })),
    });
    const { events, run } = await collect(boss.stream('Tell me', { includeAgentEvents: true }));
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.match(run.response, /^boss: .*summary on r1 on find facts/);
    // boss: 2 responses; research: r1, r2, summary.
    assert.equal(run.usage?.totalTokens, 5 * 110);
    const paths = new Set(events.flatMap((e) => (e.type === 'agent-stream' ? [e.source.path] : [])));
    assert.ok(paths.has('/research 0'), [...paths].join(','));
    assert.ok(paths.has('/research 0/r1'), [...paths].join(','));
  });

  test('an assembly is a participant of another; its steps appear under the step that ran it', async () => {
    const s = await server((c) => ({ text: `${c.agent} done` }));
    const model = await modelOf(s);
    const inner = workflow(
      async (wf) => {
        await wf.invoke(agent(model, 'x')).output();
        return wf.invoke(agent(model, 'y'));
      },
      { id: 'inner' },
    );
    const outer = graph({
      nodes: { first: inner, last: agent(model, 'last') },
      start: 'first',
      finish: 'last',
      edges: [{ from: 'first', to: 'last' }],
    });
    const run = await outer.ask('go');
    assert.equal(run.outcome, 'completed', String(run.error));
    const top = run.trajectory.children(undefined);
    assert.deepEqual(
      top.map((st) => st.participant),
      ['first', 'last'],
    );
    assert.deepEqual(
      run.trajectory.children(top[0]!.id).map((st) => st.participant),
      ['x', 'y'],
    );
  });
});
