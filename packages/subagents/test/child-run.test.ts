// The one nesting path (runChild) over the scripted HTTP server, for each of
// the three routes: a sub-agent, an agent used as a tool, a runnable used as
// a tool. Each child is a Run: its events, its run-start and run-end among
// them, reach the parent as nested events with the child's path, its usage
// counts once in the parent's Run, and
// cancelling the parent (or its deadline) ends the child mid-stream with no
// later model request.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  Agent,
  type AnyTool,
  Cancellable,
  isEvent,
  type Listener,
  type Model,
  type RunEvent,
  runnableAsTool,
} from '@kodama/core';
import { InMemoryEventList } from '@kodama/core/listeners';
import { type AgentStreamEvent, CHILD_RUN_END, CHILD_RUN_START } from '@kodama/core/run';
import type { ScriptedReply } from '@kodama/testkit';
import { definePersona, subAgents } from '../src/index.ts';
import { modelOf, probeTool, routedServer, USAGE, type Wire } from './helpers.ts';

const CHILD_PROMPT = 'You are CHILD.';

/** A parent agent whose one tool (`toolName`) starts a child of system prompt CHILD_PROMPT with a `probe` tool. */
type Route = (
  model: Model,
  heard: Listener,
) => { parent: Agent; toolName: string; args: (task: string) => Record<string, unknown> };

const childAgent = (model: Model) =>
  new Agent({ model, systemPrompt: CHILD_PROMPT, configure: (c) => c.addTool(probeTool('probe')) });

const withTool = (model: Model, heard: Listener, tool: AnyTool) =>
  new Agent({
    model,
    systemPrompt: 'You are the parent.',
    configure: (c) => {
      c.addTool(tool);
      c.addListener(heard);
    },
  });

const ROUTES: Record<string, Route> = {
  'a sub-agent': (model, heard) => {
    const persona = definePersona({
      name: 'child',
      description: 'Does one thing.',
      toolNames: ['probe'],
      systemPrompt: CHILD_PROMPT,
      maxSteps: 5,
    });
    const parent = new Agent({
      model,
      systemPrompt: 'You are the parent.',
      configure: (c) => {
        c.addListener(heard);
        c.addSubAgentTool(probeTool('probe'));
        c.addExtension(subAgents({ personas: [persona] }));
      },
    });
    return { parent, toolName: 'agent', args: (task) => ({ name: 'child', task }) };
  },
  'agent.asTool': (model, heard) => ({
    parent: withTool(
      model,
      heard,
      childAgent(model).asTool({ name: 'child', description: 'Does one thing.' }),
    ),
    toolName: 'child',
    args: (task) => ({ task }),
  }),
  runnableAsTool: (model, heard) => ({
    parent: withTool(
      model,
      heard,
      runnableAsTool(childAgent(model), { name: 'child', description: 'Does one thing.' }),
    ),
    toolName: 'child',
    args: (task) => ({ task }),
  }),
};

/** Child: a probe call, then `childReply`; parent: one call of the route's tool, then `parent done`. */
async function scenario(route: Route, childReply: (w: Wire) => ScriptedReply) {
  let tool = { name: '', args: {} as Record<string, unknown> };
  const server = await routedServer((w) => {
    if (w.system === CHILD_PROMPT) {
      if (w.results === 0)
        return { toolCalls: [{ name: 'probe', arguments: { text: w.task } }], usage: USAGE };
      return childReply(w);
    }
    if (w.results === 0) return { toolCalls: [{ name: tool.name, arguments: tool.args }], usage: USAGE };
    return { text: 'parent done', usage: USAGE };
  });
  const heard = new InMemoryEventList();
  const { parent, toolName, args } = route(await modelOf(server), heard);
  tool = { name: toolName, args: args('dig') };
  return { server, parent, heard };
}

const nestedOf = (events: readonly RunEvent[]): AgentStreamEvent[] =>
  events.flatMap((e) => (e.type === 'agent-stream' ? [e] : []));

/**
 * The child Run's run-end as the parent's own listener heard it (under the
 * child's id). A cancelled parent's turn does not wait for its running tools,
 * so the child may end after the parent's Run has: waited for here.
 */
async function childRunEnd(heard: InMemoryEventList) {
  for (let i = 0; i < 300; i++) {
    const end = heard.events.find((e) => e.agentId === 'child 0' && isEvent(e, CHILD_RUN_END));
    if (end && isEvent(end, CHILD_RUN_END)) return end.data;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail('the child Run never ended');
}

for (const [label, route] of Object.entries(ROUTES)) {
  describe(`${label} is a child Run`, () => {
    test('its run-start, events and run-end carry its path; its usage counts once in the parent', async () => {
      const { server, parent } = await scenario(route, (w) => ({ text: `did ${w.task}`, usage: USAGE }));
      const events: RunEvent[] = [];
      const stream = parent.stream('Go.', { includeAgentEvents: true });
      for await (const e of stream) events.push(e);
      const run = await stream.run;
      assert.equal(run.outcome, 'completed', String(run.error));
      assert.equal(run.response, 'parent done');
      const last = server.modelCalls.at(-1)!.body as { messages: { role: string; content: string }[] };
      assert.equal(last.messages.find((m) => m.role === 'tool')?.content, 'did dig');
      const nested = nestedOf(events);
      assert.deepEqual(
        [...new Set(nested.map((e) => `${e.source.path}|${e.event.agentId}`))],
        ['/child 0|child 0'],
      );
      const start = nested[0]!.event;
      assert.ok(isEvent(start, CHILD_RUN_START), 'the first nested event is the child Run starting');
      assert.ok(start.data.runId !== '' && start.data.runId !== run.id, 'the child has a run id of its own');
      assert.equal(nested[1]!.event.type, 'turn-start');
      assert.ok(nested.some((e) => e.event.type === 'tool-result' && e.event.name === 'probe'));
      const end = nested.at(-1)!.event;
      assert.ok(isEvent(end, CHILD_RUN_END), 'the last nested event is the child Run ending');
      assert.equal(end.data.runId, start.data.runId);
      assert.equal(end.data.outcome, 'completed');
      assert.equal(end.data.usage.inputTokens, 200, 'two child responses');
      assert.equal(server.modelCalls.length, 4);
      assert.equal(run.usage?.inputTokens, 400, "two parent responses + the child's two, each once");
      assert.equal(run.usage?.outputTokens, 40);
    });

    test('cancelling the parent mid-stream ends the child Run cancelled; no later model request', async () => {
      let streaming!: () => void;
      const childStreams = new Promise<void>((resolve) => {
        streaming = resolve;
      });
      const { server, parent, heard } = await scenario(route, () => {
        streaming();
        return { fault: 'stall', answer: { text: 'never finished', usage: USAGE }, afterEvents: 2 };
      });
      const events: RunEvent[] = [];
      const stream = parent.stream('Go.', { includeAgentEvents: true });
      const read = (async () => {
        for await (const e of stream) events.push(e);
      })();
      await childStreams;
      await new Promise((resolve) => setTimeout(resolve, 50)); // the stalled response's first events arrive
      stream.cancel();
      await server.waitForDisconnect();
      await read;
      const run = await stream.run;
      assert.equal(run.outcome, 'cancelled');
      assert.equal((await childRunEnd(heard)).outcome, 'cancelled');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(
        server.modelCalls.length,
        3,
        'parent 1 + child 2 (the stalled one); nothing after the cancel',
      );
    });

    test("the parent's deadline reaches the child: the parent ends partial, the child is cancelled", async () => {
      let stalled = false;
      const { server, parent, heard } = await scenario(route, () => {
        stalled = true;
        return { fault: 'stall', answer: { text: 'never finished' }, afterEvents: 2 };
      });
      const stream = parent.stream('Go.', { includeAgentEvents: true, deadline: 1500 });
      for await (const _ of stream);
      const run = await stream.run;
      assert.equal(run.outcome, 'partial');
      assert.ok(stalled, "the child's second request was streaming when the deadline came");
      assert.equal((await childRunEnd(heard)).outcome, 'cancelled');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(server.modelCalls.length, 3, 'no request after the deadline');
    });
  });
}

test("a sub-agent under a turn whose signal is a Cancellable's (no listener limit) runs and answers", async () => {
  const server = await routedServer((w) => {
    if (w.system === CHILD_PROMPT) return { text: `did ${w.task}`, usage: USAGE };
    if (w.results === 0)
      return { toolCalls: [{ name: 'agent', arguments: { name: 'child', task: 'dig' } }], usage: USAGE };
    return { text: 'parent done', usage: USAGE };
  });
  const model = await modelOf(server);
  const persona = definePersona({
    name: 'child',
    description: 'Does one thing.',
    toolNames: [],
    systemPrompt: CHILD_PROMPT,
    maxSteps: 2,
  });
  const parent = new Agent({
    model,
    systemPrompt: 'You are the parent.',
    cancellable: new Cancellable(),
    configure: (c) => c.addExtension(subAgents({ personas: [persona] })),
  });
  assert.equal(await parent.turn('Go.'), 'parent done');
  const last = server.modelCalls.at(-1)!.body as { messages: { role: string; content: string }[] };
  assert.equal(last.messages.find((m) => m.role === 'tool')?.content, 'did dig');
});
