// The agent tool against the scripted server: parallel children, failures,
// cancellation, the depth limit, persona checks and nested event paths.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Agent, type AgentEvent, type AnyTool, type RunEvent } from '@kodama/core';
import { InMemoryEventList } from '@kodama/core/listeners';
import { FETCH_TOOL, WEB_SCRAPE_TOOL, WEB_SEARCH_TOOL } from '@kodama/tools/tool-names';
import { definePersona, researcherPersona, subAgents } from '../src/index.ts';
import { modelOf, probeTool, routedServer, USAGE } from './helpers.ts';

/** The bundled researcher with the web tools' names kodama gives it. */
const RESEARCHER = researcherPersona([WEB_SEARCH_TOOL, WEB_SCRAPE_TOOL, FETCH_TOOL]);

const SEEKER = definePersona({
  name: 'seeker',
  description: 'Looks things up.',
  toolNames: ['probe'],
  systemPrompt: 'You are SEEKER.',
  maxSteps: 5,
});

/** Resolves once `count` callers are waiting, or after 5 s (then `timedOut` says the callers never met). */
function barrier(count: number) {
  let waiting = 0;
  let release: () => void = () => {};
  const met = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { timedOut: false };
  return {
    state,
    wait: async () => {
      if (++waiting >= count) release();
      const timer = setTimeout(() => {
        state.timedOut = true;
        release();
      }, 5000);
      await met;
      clearTimeout(timer);
    },
  };
}

function parentWith(model: Agent['model'], tools: readonly AnyTool[], personas = [SEEKER], extra = {}) {
  const events = new InMemoryEventList();
  const agent = new Agent({
    model,
    systemPrompt: 'You are the parent.',
    ...extra,
    configure: (c) => {
      c.addListener(events);
      for (const t of tools) c.addSubAgentTool(t);
      c.addExtension(subAgents({ personas }));
    },
  });
  return { agent, events };
}

describe('the agent tool', () => {
  test('two researchers in one batch run at once; answers in model order; usage summed once; ids right', async () => {
    const server = await routedServer((w) => {
      if (w.system.startsWith('You are RESEARCHER')) {
        if (w.results === 0)
          return { toolCalls: [{ name: 'web_search', arguments: { text: w.task } }], usage: USAGE };
        return { text: `found ${w.task}`, usage: USAGE };
      }
      if (w.results === 0)
        return {
          toolCalls: [
            { id: 'a', name: 'agent', arguments: { name: 'researcher', task: 'alpha' } },
            { id: 'b', name: 'agent', arguments: { name: 'researcher', task: 'beta' } },
          ],
          usage: USAGE,
        };
      return { text: 'both done', usage: USAGE };
    });
    // The bundled persona over local stand-ins for its web tools (same names, no network).
    const meet = barrier(2);
    const web = [probeTool('web_search', undefined, meet.wait), probeTool('web_scrape'), probeTool('fetch')];
    const { agent, events } = parentWith(await modelOf(server), web, [RESEARCHER]);
    const run = await agent.ask('Look up alpha and beta.', { includeAgentEvents: true });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'both done');
    assert.equal(meet.state.timedOut, false, 'both children were inside their tool at the same time');
    const last = server.modelCalls.at(-1)!.body as { messages: { role: string; content: string }[] };
    assert.deepEqual(
      last.messages.filter((m) => m.role === 'tool').map((m) => m.content),
      ['found alpha', 'found beta'],
    );
    assert.equal(server.modelCalls.length, 6);
    assert.equal(run.usage?.inputTokens, 600, 'two parent calls and four child calls, each once');
    assert.equal(run.usage?.outputTokens, 60);
    const childIds = new Set(events.events.map((e) => e.agentId).filter((id) => id !== ''));
    assert.deepEqual([...childIds].sort(), ['researcher 0', 'researcher 1']);
    const first = server.modelCalls[0]!.body as {
      tools: { function: { name: string } }[];
      messages: { content: string }[];
    };
    assert.deepEqual(
      first.tools.map((t) => t.function.name),
      ['agent'],
      'the web tools are sub-agent-only: never offered to the parent',
    );
    assert.match(
      first.messages[0]!.content,
      /<available_agents>[\s\S]*- researcher: Researches one question/,
    );
  });

  test("a child's failing tool comes back as Error: <persona> failed, and the parent carries on", async () => {
    const server = await routedServer((w) => {
      if (w.system.startsWith('You are SEEKER.'))
        return { toolCalls: [{ name: 'probe', arguments: { text: 'x' } }], usage: USAGE };
      if (w.results === 0)
        return { toolCalls: [{ name: 'agent', arguments: { name: 'seeker', task: 'x' } }], usage: USAGE };
      return { text: 'recovered', usage: USAGE };
    });
    const broken = probeTool('probe', undefined, async () => {
      throw new Error('disk on fire');
    });
    const { agent } = parentWith(await modelOf(server), [broken]);
    const run = await agent.ask('Try.');
    assert.equal(run.response, 'recovered');
    const last = server.modelCalls.at(-1)!.body as { messages: { role: string; content: string }[] };
    assert.equal(last.messages.find((m) => m.role === 'tool')?.content, 'Error: seeker failed: disk on fire');
  });

  test("cancelling the parent mid-child aborts the child's request and leaks none of its work", async () => {
    let childAsked!: () => void;
    const asked = new Promise<void>((r) => {
      childAsked = r;
    });
    const server = await routedServer((w) => {
      if (w.system.startsWith('You are SEEKER.')) {
        if (w.results === 0) return { toolCalls: [{ name: 'probe', arguments: { text: 'secret-step' } }] };
        childAsked();
        return { fault: 'hang' };
      }
      return { toolCalls: [{ name: 'agent', arguments: { name: 'seeker', task: 'dig' } }] };
    });
    const { agent } = parentWith(await modelOf(server), [probeTool('probe')]);
    const run = agent.createRun('Dig.');
    const finished = run.execute();
    await asked;
    run.cancel();
    await server.waitForDisconnect();
    await finished;
    assert.equal(run.outcome, 'cancelled');
    const messages = run.history!.messages.map((m) => m.message);
    const calls = messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls.map((c) => c.id) : []));
    const answered = messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []));
    assert.deepEqual(answered, calls, 'every tool call of the parent is answered');
    assert.ok(!JSON.stringify(messages).includes('secret-step'), "the child's steps stay out of the parent");
  });

  test('a persona that lists agent nests down to the depth limit, with nested ids and event paths', async () => {
    const delegator = definePersona({
      name: 'delegator',
      description: 'Delegates further.',
      toolNames: ['agent'],
      systemPrompt: 'You are DELEGATOR.',
      maxSteps: 3,
    });
    const offered: string[][] = [];
    const server = await routedServer((w) => {
      offered.push([...w.tools]);
      if (w.results > 0) return { text: `done at ${w.system.slice(0, 12)}`, usage: USAGE };
      if (w.tools.includes('agent'))
        return {
          toolCalls: [{ name: 'agent', arguments: { name: 'delegator', task: 'deeper' } }],
          usage: USAGE,
        };
      return { text: 'bottom', usage: USAGE };
    });
    const { agent, events } = parentWith(await modelOf(server), [], [delegator]);
    const streamed: RunEvent[] = [];
    const stream = agent.stream('Go deep.', { includeAgentEvents: true });
    for await (const e of stream) streamed.push(e);
    const run = await stream.run;
    assert.equal(run.outcome, 'completed', String(run.error));
    // main (agent) → delegator 0 (agent) → delegator 0_0 (no agent tool: depth 2 is the limit)
    assert.deepEqual(offered.slice(0, 3), [['agent'], ['agent'], []]);
    const ids = [...new Set(events.events.map((e: AgentEvent) => e.agentId))];
    assert.deepEqual(ids, ['', 'delegator 0', 'delegator 0_0']);
    const paths = new Set(streamed.flatMap((e) => (e.type === 'agent-stream' ? [e.source.path] : [])));
    assert.deepEqual([...paths], ['/delegator 0', '/delegator 0/delegator 0_0']);
    assert.equal(run.usage?.inputTokens, 500, 'five responses, each counted once');
  });

  test('a persona naming a tool the agent lacks fails only itself, as an Error observation; the turn goes on', async () => {
    const server = await routedServer((w) => {
      if (w.system.startsWith('You are SEEKER')) return { text: 'sought', usage: USAGE };
      if (w.results === 0)
        return {
          toolCalls: [
            { name: 'agent', arguments: { name: 'lost', task: 'go' } },
            { name: 'agent', arguments: { name: 'seeker', task: 'go' } },
          ],
          usage: USAGE,
        };
      return { text: 'the parent is done', usage: USAGE };
    });
    const lost = definePersona({ ...SEEKER, name: 'lost', toolNames: ['probe', 'teleport'] });
    const { agent, events } = parentWith(await modelOf(server), [probeTool('probe')], [lost, SEEKER]);
    const run = await agent.ask('Delegate.');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'the parent is done');
    const results = events.events.flatMap((e) => (e.type === 'tool-result' && e.agentId === '' ? [e] : []));
    assert.match(
      String(results[0]?.content),
      /^Error: persona "lost" names the tool "teleport".*its tools: probe/,
    );
    assert.equal(results[1]?.content, 'sought', 'the other persona still works');
    assert.equal(
      events.events.some((e) => e.agentId.startsWith('lost')),
      false,
      'no sub-agent was started for it',
    );
    assert.throws(
      () => definePersona({ ...SEEKER, maxSteps: 0 }),
      /persona "seeker": maxSteps must be a positive integer/,
    );
    assert.throws(() => subAgents({ personas: [SEEKER, SEEKER] }), /two personas are named "seeker"/);
  });
});
