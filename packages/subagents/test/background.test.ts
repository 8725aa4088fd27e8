// Background sub-agents against the scripted server: the agent tool returns at
// once, the answer reaches the parent's model as a message on a later request,
// at most maxBackground run at once, and closing the parent cancels them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, type AnyTool, defineTool } from '@kodama/core';
import { InMemoryEventList } from '@kodama/core/listeners';
import { InMemorySessionStore } from '@kodama/core/session';
import { z } from 'zod';
import { definePersona, subAgents } from '../src/index.ts';
import { AGENT_TOOL } from '../src/tool-name.ts';
import { modelOf, probeTool, routedServer } from './helpers.ts';

const SEEKER = definePersona({
  name: 'seeker',
  description: 'Looks things up.',
  toolNames: ['probe'],
  systemPrompt: 'You are SEEKER.',
  maxSteps: 5,
});

function parent(
  model: Agent['model'],
  tools: readonly AnyTool[],
  maxBackground?: number,
  events = new InMemoryEventList(),
) {
  return new Agent({
    model,
    systemPrompt: 'You are the parent.',
    configure: (c) => {
      c.addListener(events);
      for (const t of tools) c.addSubAgentTool(t);
      c.addExtension(
        subAgents({ personas: [SEEKER], ...(maxBackground === undefined ? {} : { maxBackground }) }),
      );
    },
  });
}

/** The parent's requests, as JSON text, in order (the sub-agents' run alongside). */
function parentCalls(server: { modelCalls: readonly { body: unknown }[] }): string[] {
  return server.modelCalls.map((c) => JSON.stringify(c.body)).filter((b) => b.includes('You are the parent'));
}

function released() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { gate: () => gate, open: () => open() };
}

test('a background sub-agent returns at once; its answer reaches the model with the next prompt', async (t) => {
  const server = await routedServer((w) => {
    if (w.system.startsWith('You are SEEKER')) {
      if (w.results === 0) return { toolCalls: [{ name: 'probe', arguments: { text: w.task } }] };
      return { text: `found the answer to ${w.task}` };
    }
    const lastUser = [...w.messages].reverse().find((m) => m.role === 'user');
    if (JSON.stringify(lastUser?.content).includes('any news?'))
      return {
        text: JSON.stringify(w.messages).includes('<background-agent')
          ? 'the seeker reported'
          : 'nothing yet',
      };
    if (w.results === 0)
      return {
        toolCalls: [{ name: AGENT_TOOL, arguments: { name: 'seeker', task: 'dates', background: true } }],
      };
    return { text: 'started it; I will tell you' };
  });
  const probe = released();
  const events = new InMemoryEventList();
  const agent = parent(await modelOf(server), [probeTool('probe', undefined, probe.gate)], undefined, events);
  t.after(() => agent.close());
  // The first turn ends while the sub-agent still waits in its tool.
  assert.equal(await agent.turn('look up dates'), 'started it; I will tell you');
  const started = parentCalls(server)[1] ?? '';
  assert.match(started, /started seeker 0 in the background/);
  probe.open();
  // Its answer is queued for the model once its Run ends (the event reaches the parent's listeners).
  const ended = () => events.events.some((e) => e.type === 'turn-end' && e.agentId !== '');
  for (let i = 0; i < 4000 && !ended(); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(ended(), 'the sub-agent never finished');
  // Delivered with the next prompt (a turn that started before the delivery sees it with the one after).
  let reply = '';
  for (let i = 0; i < 50 && reply !== 'the seeker reported'; i++) reply = await agent.turn('any news?');
  assert.equal(reply, 'the seeker reported');
  const next = parentCalls(server).at(-1) ?? '';
  assert.match(
    next,
    /<background-agent id=\\"seeker 0\\">\\nfound the answer to dates\\n<\/background-agent>/,
  );
});

test('beyond maxBackground a background call is an error saying what to do; closing the parent cancels the rest', async (t) => {
  let aborted = 0;
  const hang = defineTool({
    name: 'probe',
    description: 'Waits until cancelled.',
    parameters: z.object({ text: z.string() }),
    execute: (_args, context) =>
      new Promise<string>((_resolve, reject) => {
        context.signal.addEventListener('abort', () => {
          aborted++;
          reject(context.signal.reason);
        });
      }),
  });
  const server = await routedServer((w) => {
    if (w.system.startsWith('You are SEEKER'))
      return { toolCalls: [{ name: 'probe', arguments: { text: w.task } }] };
    if (w.results === 0)
      return {
        toolCalls: [
          { id: 'a', name: AGENT_TOOL, arguments: { name: 'seeker', task: 'one', background: true } },
          { id: 'b', name: AGENT_TOOL, arguments: { name: 'seeker', task: 'two', background: true } },
        ],
      };
    return { text: 'done' };
  });
  const agent = parent(await modelOf(server), [hang], 1);
  await agent.turn('two at once');
  const results = parentCalls(server)[1] ?? '';
  assert.match(results, /started seeker 0 in the background/);
  assert.match(
    results,
    /Error: the background sub-agent limit \(1 at once\) is reached: seeker 0 \(agent-1\) is running; wait for one's answer \(it arrives as a <background-agent> message\), or run this task without background/,
  );
  // The running one waits in its tool until the parent closes.
  for (
    let i = 0;
    i < 400 && !server.modelCalls.some((c) => JSON.stringify(c.body).includes('You are SEEKER'));
    i++
  )
    await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(aborted, 0);
  await agent.close();
  for (let i = 0; i < 400 && aborted === 0; i++) await new Promise((r) => setTimeout(r, 25));
  assert.equal(aborted, 1);
  t.diagnostic('cancelled on close');
});

test("an answer that arrives between two session-bound Runs reaches the next one (a session's load does not drop it), once", async (t) => {
  const probe = released();
  const server = await routedServer((w) => {
    if (w.system.startsWith('You are SEEKER')) {
      if (w.results === 0) return { toolCalls: [{ name: 'probe', arguments: { text: w.task } }] };
      return { text: `found ${w.task}` };
    }
    const all = JSON.stringify(w.messages);
    const lastUser = JSON.stringify([...w.messages].reverse().find((m) => m.role === 'user')?.content);
    if (lastUser.includes('any news?') || all.endsWith('</background-agent>"}]'))
      return { text: all.includes('found dates') ? 'the seeker reported' : 'nothing yet' };
    if (w.results === 0)
      return {
        toolCalls: [{ name: AGENT_TOOL, arguments: { name: 'seeker', task: 'dates', background: true } }],
      };
    return { text: 'started' };
  });
  const extension = subAgents({ personas: [SEEKER] });
  const agent = new Agent({
    model: await modelOf(server),
    systemPrompt: 'You are the parent.',
    configure: (c) => {
      c.addSubAgentTool(probeTool('probe', undefined, probe.gate));
      c.addExtension(extension);
    },
  });
  t.after(() => agent.close());
  const session = { id: 'bg-session', store: new InMemorySessionStore() };
  assert.equal((await agent.ask('look up dates', { session })).response, 'started');
  probe.open();
  for (let i = 0; i < 4000 && extension.background.running > 0; i++)
    await new Promise((r) => setTimeout(r, 25));
  assert.deepEqual(extension.background.info('agent-1')?.status, { state: 'done' });
  // The answer waited while nothing ran; the next Run loads the session first, and still delivers it.
  assert.equal((await agent.ask('any news?', { session })).response, 'the seeker reported');
  // Delivered once: the Run after does not bring it again.
  await agent.ask('and now?', { session });
  const lastCall = parentCalls(server).at(-1) ?? '';
  assert.equal(lastCall.split('found dates').length - 1, 1);
});

test("the background table lists a sub-agent (persona, task, running then done) and counts it; a person's kill reaches the model", async (t) => {
  const probe = released();
  const server = await routedServer((w) => {
    if (w.system.startsWith('You are SEEKER')) {
      if (w.results === 0) return { toolCalls: [{ name: 'probe', arguments: { text: w.task } }] };
      return { text: `found ${w.task}` };
    }
    const lastUser = JSON.stringify([...w.messages].reverse().find((m) => m.role === 'user')?.content);
    if (lastUser.includes('any news?') || lastUser.includes('the person ended'))
      return {
        text: JSON.stringify(w.messages).includes('the person ended this sub-agent') ? 'it was ended' : 'no',
      };
    if (w.results === 0)
      return {
        toolCalls: [
          { id: 'a', name: AGENT_TOOL, arguments: { name: 'seeker', task: 'dates', background: true } },
          { id: 'b', name: AGENT_TOOL, arguments: { name: 'seeker', task: 'names', background: true } },
        ],
      };
    return { text: 'started' };
  });
  const extension = subAgents({ personas: [SEEKER] });
  const table = extension.background;
  let changes = 0;
  table.onChange(() => changes++);
  // The 'dates' one waits for the gate; 'names' waits until the person ends it.
  let aborted = 0;
  const waiting = defineTool({
    name: 'probe',
    description: 'Waits for the gate, or until cancelled.',
    parameters: z.object({ text: z.string() }),
    execute: (args, context) =>
      new Promise<string>((resolve, reject) => {
        context.signal.addEventListener('abort', () => {
          aborted++;
          reject(context.signal.reason);
        });
        if (args.text === 'dates') probe.gate().then(() => resolve('probed'));
      }),
  });
  const agent = new Agent({
    model: await modelOf(server),
    systemPrompt: 'You are the parent.',
    configure: (c) => {
      c.addSubAgentTool(waiting);
      c.addExtension(extension);
    },
  });
  t.after(() => agent.close());
  assert.equal(await agent.turn('two things'), 'started');
  assert.match(parentCalls(server)[1] ?? '', /started seeker 0 in the background \(task agent-1\)/);
  assert.deepEqual(
    table.list().map((a) => [a.id, a.agentId, a.persona, a.task, a.status.state]),
    [
      ['agent-1', 'seeker 0', 'seeker', 'dates', 'running'],
      ['agent-2', 'seeker 1', 'seeker', 'names', 'running'],
    ],
  );
  assert.equal(table.running, 2);
  assert.equal(changes, 2);
  // The person ends 'names': its tool is cancelled, and the model is told not to wait, with the next prompt.
  const killed = await table.kill('agent-2');
  assert.deepEqual(killed?.status, { state: 'killed', reason: 'kill' });
  assert.ok(killed?.endedAt !== undefined);
  assert.equal(aborted, 1);
  assert.equal(table.running, 1);
  assert.equal(await agent.turn('any news?'), 'it was ended');
  // 'dates' answers: done.
  probe.open();
  for (let i = 0; i < 4000 && table.info('agent-1')?.status.state === 'running'; i++)
    await new Promise((r) => setTimeout(r, 25));
  assert.deepEqual(table.info('agent-1')?.status, { state: 'done' });
  assert.equal(table.running, 0);
  // An ended one is left as it is; an unknown id is undefined.
  assert.deepEqual((await table.kill('agent-1'))?.status, { state: 'done' });
  assert.equal(await table.kill('agent-9'), undefined);
});

function hangingProbe() {
  return defineTool({
    name: 'probe',
    description: 'Waits until cancelled.',
    parameters: z.object({ text: z.string() }),
    execute: (_args, context) =>
      new Promise<string>((_resolve, reject) => {
        context.signal.addEventListener('abort', () => reject(context.signal.reason));
      }),
  });
}

async function startsOneInBackground(maxBackground?: number) {
  const server = await routedServer((w) => {
    if (w.system.startsWith('You are SEEKER'))
      return { toolCalls: [{ name: 'probe', arguments: { text: w.task } }] };
    if (w.results === 0)
      return {
        toolCalls: [{ name: AGENT_TOOL, arguments: { name: 'seeker', task: 'x', background: true } }],
      };
    return { text: 'started' };
  });
  const extension = subAgents({
    personas: [SEEKER],
    ...(maxBackground === undefined ? {} : { maxBackground }),
  });
  const agent = new Agent({
    model: await modelOf(server),
    systemPrompt: 'You are the parent.',
    configure: (c) => {
      c.addSubAgentTool(hangingProbe());
      c.addExtension(extension);
    },
  });
  await agent.turn('go');
  return { server, extension, agent };
}

test('maxBackground 0: none starts, and the model reads why', async () => {
  const { server, extension, agent } = await startsOneInBackground(0);
  assert.match(
    parentCalls(server)[1] ?? '',
    /background sub-agents are turned off here \(at most 0 at once\)/,
  );
  assert.deepEqual(extension.background.list(), []);
  await agent.close();
});

test('closing the agent marks its running background sub-agents killed (closed)', async () => {
  const { extension, agent } = await startsOneInBackground();
  assert.equal(extension.background.running, 1);
  await agent.close();
  assert.deepEqual(extension.background.info('agent-1')?.status, { state: 'killed', reason: 'closed' });
  assert.equal(extension.background.running, 0);
});
