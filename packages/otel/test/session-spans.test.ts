// A Run on a session: the conversation id on the main agent's spans (not a
// sub-agent's: its messages are not the session's), and, through otelModel,
// input messages holding the earlier turns the events of this Run never showed.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Agent } from '@kodama/core';
import { InMemorySessionStore } from '@kodama/core/session';
import { resolveModel } from '@kodama/models';
import { definePersona, subAgents } from '@kodama/subagents';
import { startOpenAICompatibleServer } from '@kodama/testkit';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { otelModel, otelObserver } from '../src/index.ts';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
after(() => provider.shutdown());

test('a session: gen_ai.conversation.id on the main agent and its chats; input messages hold the earlier turn', async () => {
  const server = await startOpenAICompatibleServer({
    script: (request) => {
      const body = request.body as { messages: { role: string; content?: unknown }[] };
      const sub = String(body.messages[0]?.content ?? '').startsWith('You are SEEKER.');
      const asked = body.messages.filter((m) => m.role === 'user').length;
      if (sub || body.messages.at(-1)?.role === 'tool') return { text: 'found it' };
      return asked === 1
        ? { text: 'first answer' }
        : { toolCalls: [{ id: 'a1', name: 'agent', arguments: { name: 'seeker', task: 'look' } }] };
    },
  });
  after(() => server.close());
  const seeker = definePersona({
    name: 'seeker',
    description: 'Looks things up.',
    toolNames: [],
    systemPrompt: 'You are SEEKER.',
    maxSteps: 2,
  });
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  const agent = new Agent({
    model: otelModel(model),
    systemPrompt: 'You are the parent.',
    configure: (c) => c.addExtension(subAgents({ personas: [seeker] })),
  });
  const store = new InMemorySessionStore();
  const observe = () => [otelObserver({ tracer: provider.getTracer('t'), captureContent: true })];
  assert.equal(
    (await agent.ask('first question', { session: { id: 's1', store }, observers: observe() })).outcome,
    'completed',
  );
  exporter.reset();
  const run = await agent.ask('second question', { session: { id: 's1', store }, observers: observe() });
  assert.equal(run.outcome, 'completed', String(run.error));

  const spans = exporter.getFinishedSpans();
  const conversation = (name: string) =>
    spans.filter((s) => s.name === name).map((s) => s.attributes['gen_ai.conversation.id']);
  assert.deepEqual(conversation('invoke_agent kodama'), ['s1']);
  assert.deepEqual(conversation('invoke_agent seeker 0'), [undefined]);
  const chats = spans.filter((s) => s.name === 'chat scripted-model');
  assert.equal(chats.length, 3);
  const main = chats.filter((c) => c.attributes['gen_ai.conversation.id'] === 's1');
  assert.equal(main.length, 2, 'the main agent’s two requests; the sub-agent’s has none');
  const sent = JSON.parse(String(main[0]!.attributes['gen_ai.input.messages'])) as { role: string }[];
  assert.deepEqual(
    sent.map((m) => m.role),
    ['user', 'assistant', 'user'],
    'the whole conversation sent, the earlier turn included',
  );
  assert.match(JSON.stringify(sent[0]), /first question/);
});
