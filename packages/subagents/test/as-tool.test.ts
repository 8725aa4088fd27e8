// agent.asTool: a configured agent with its own tools, used as a tool of another
// agent over the scripted server, with nested events and usage counted once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Agent, type RunEvent } from '@kodama/core';
import { InMemoryEventList } from '@kodama/core/listeners';
import { modelOf, probeTool, routedServer, USAGE } from './helpers.ts';

describe('agent.asTool', () => {
  test('the wrapped agent runs with its own tools; its events and usage reach the caller once', async () => {
    const server = await routedServer((w) => {
      if (w.system === 'You translate.') {
        if (w.results === 0)
          return { toolCalls: [{ name: 'dictionary', arguments: { text: w.task } }], usage: USAGE };
        return { text: `translated ${w.task}`, usage: USAGE };
      }
      if (w.results === 0)
        return { toolCalls: [{ name: 'translator', arguments: { task: 'bonjour' } }], usage: USAGE };
      return { text: 'it says hello', usage: USAGE };
    });
    const model = await modelOf(server);
    const ownEvents = new InMemoryEventList();
    const translator = new Agent({
      model,
      systemPrompt: 'You translate.',
      configure: (c) => {
        c.addTool(probeTool('dictionary'));
        c.addListener(ownEvents);
      },
    });
    const parent = new Agent({
      model,
      systemPrompt: 'You are the parent.',
      configure: (c) => c.addTool(translator.asTool({ name: 'translator', description: 'Translates text.' })),
    });
    const streamed: RunEvent[] = [];
    const stream = parent.stream('What does bonjour mean?', { includeAgentEvents: true });
    for await (const e of stream) streamed.push(e);
    const run = await stream.run;
    assert.equal(run.response, 'it says hello');
    const last = server.modelCalls.at(-1)!.body as { messages: { role: string; content: string }[] };
    assert.equal(last.messages.find((m) => m.role === 'tool')?.content, 'translated bonjour');
    const nested = streamed.flatMap((e) => (e.type === 'agent-stream' ? [e] : []));
    assert.ok(nested.length > 0);
    assert.deepEqual(
      [...new Set(nested.map((e) => `${e.source.path} ${e.event.agentId}`))],
      ['/translator 0 translator 0'],
    );
    assert.ok(nested.some((e) => e.event.type === 'tool-result' && e.event.name === 'dictionary'));
    assert.equal(run.usage?.inputTokens, 400, 'two calls of the parent, two of the translator');
    assert.ok(
      ownEvents.ofType('tool-result').length === 1,
      "the wrapped agent's own listeners still hear it",
    );
    const legs = parent.tools.find((t) => t.name === 'translator')!.trifectaLegs;
    assert.deepEqual(legs, { privateData: false, untrusted: 'none', egress: 'none' });
  });

  test('a failing wrapped agent answers Error: <name> failed; each call starts a fresh conversation', async () => {
    let translatorCalls = 0;
    const server = await routedServer((w) => {
      if (w.system === 'You translate.') {
        translatorCalls++;
        return translatorCalls === 1 ? { fault: 'http', status: 400 } : { text: `ok ${w.messages.length}` };
      }
      if (w.results < 2) return { toolCalls: [{ name: 'translator', arguments: { task: `t${w.results}` } }] };
      return { text: 'end' };
    });
    const model = await modelOf(server);
    const translator = new Agent({ model, systemPrompt: 'You translate.' });
    const parent = new Agent({
      model,
      systemPrompt: 'You are the parent.',
      configure: (c) => c.addTool(translator.asTool({ name: 'translator', description: 'Translates.' })),
    });
    const run = await parent.ask('go');
    assert.equal(run.response, 'end');
    const last = server.modelCalls.at(-1)!.body as { messages: { role: string; content: string }[] };
    const results = last.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    assert.match(results[0]!, /^Error: translator failed: .*400/);
    assert.equal(results[1], 'ok 2', 'system + the new task only: the failed call left nothing behind');
  });
});
