// Background sub-agents against the scripted server: the agent tool returns at
// once, the answer reaches the parent's model as a message on a later request,
// at most maxBackground run at once, and closing the parent cancels them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, type AnyTool, defineTool } from '@kodama/core';
import { InMemoryEventList } from '@kodama/core/listeners';
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
    /Error: the background sub-agent limit \(1 at once\) is reached; wait for one's answer/,
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
