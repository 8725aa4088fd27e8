// The span tree of real Runs over HTTP (the testkit server), recorded by the
// SDK's in-memory exporter.
import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { Agent, defineTool, type Model, NONE } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { definePersona, subAgents } from '@kodama/subagents';
import {
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedServer,
  startOpenAICompatibleServer,
} from '@kodama/testkit';
import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { otelObserver } from '../src/index.ts';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('test');
const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await provider.shutdown();
});
beforeEach(() => exporter.reset());

const usage = { inputTokens: 100, outputTokens: 10 };
const echo = defineTool({
  name: 'echo',
  description: 'Echoes.',
  parameters: z.object({ text: z.string() }),
  trifectaLegs: NONE,
  execute: ({ text }) => `echo: ${text}`,
});
const SEEKER = definePersona({
  name: 'seeker',
  description: 'Looks things up.',
  toolNames: ['echo'],
  systemPrompt: 'You are SEEKER.',
  maxSteps: 3,
});

async function model(
  route: (r: { system: string; results: number }) => ScriptedReply,
): Promise<{ model: Model; server: ScriptedServer }> {
  const server = await startOpenAICompatibleServer({
    script: (request: RecordedRequest) => {
      const body = request.body as { messages: { role: string; content?: unknown }[] };
      const system = String(body.messages[0]?.content ?? '');
      return route({ system, results: body.messages.filter((m) => m.role === 'tool').length });
    },
  });
  servers.push(server);
  return {
    server,
    model: await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 }),
  };
}

/** The spans as `name ← parent name`, in start order. */
function tree(spans: readonly ReadableSpan[]): string[] {
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  return [...spans]
    .sort((a, b) => (a.startTime[0] - b.startTime[0]) * 1e9 + (a.startTime[1] - b.startTime[1]))
    .map((s) => `${s.name} ← ${byId.get(s.parentSpanContext?.spanId ?? '')?.name ?? '(root)'}`);
}

describe('otelObserver', () => {
  test('a run with two tool calls and a sub-agent: the span tree, names and attributes', async () => {
    const { model: m } = await model(({ system, results }) => {
      if (system.startsWith('You are SEEKER.')) {
        return results === 0
          ? { toolCalls: [{ name: 'echo', arguments: { text: 'deep' } }], usage }
          : { text: 'found', usage };
      }
      if (results === 0)
        return {
          toolCalls: [
            { id: 'c1', name: 'echo', arguments: { text: 'a' } },
            { id: 'c2', name: 'echo', arguments: { text: 'b' } },
          ],
          usage,
        };
      if (results === 2)
        return { toolCalls: [{ id: 'c3', name: 'agent', arguments: { name: 'seeker', task: 't' } }], usage };
      return { text: 'all done', usage };
    });
    const agent = new Agent({
      model: m,
      systemPrompt: 'You are the parent.',
      configure: (c) => {
        c.addTool(echo);
        c.addExtension(subAgents({ personas: [SEEKER] }));
      },
    });
    const run = await agent.ask('go', {
      observers: [otelObserver({ tracer, agentName: 'helper', semconvOptIn: '' })],
    });
    assert.equal(run.outcome, 'completed', String(run.error));
    const spans = exporter.getFinishedSpans();
    const names = tree(spans);
    assert.deepEqual(names.slice().sort(), [
      'chat scripted-model ← invoke_agent helper',
      'chat scripted-model ← invoke_agent helper',
      'chat scripted-model ← invoke_agent helper',
      'chat scripted-model ← invoke_agent seeker 0',
      'chat scripted-model ← invoke_agent seeker 0',
      'execute_tool agent ← invoke_agent helper',
      'execute_tool echo ← invoke_agent helper',
      'execute_tool echo ← invoke_agent helper',
      'execute_tool echo ← invoke_agent seeker 0',
      'invoke_agent helper ← (root)',
      'invoke_agent seeker 0 ← invoke_agent helper',
    ]);
    const root = spans.find((s) => s.name === 'invoke_agent helper')!;
    assert.deepEqual(
      [
        root.attributes['gen_ai.operation.name'],
        root.attributes['gen_ai.usage.input_tokens'],
        root.attributes['kodama.run.id'],
      ],
      ['invoke_agent', 500, run.id],
    );
    const chat = spans.find((s) => s.name.startsWith('chat'))!;
    assert.match(String(chat.attributes['gen_ai.response.id']), /^chatcmpl-testkit-\d+$/);
    assert.deepEqual(chat.attributes, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'kodama.model.provider': 'openai-compatible',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'scripted-model',
      'gen_ai.request.stream': true,
      'gen_ai.response.id': chat.attributes['gen_ai.response.id'],
      'gen_ai.response.model': 'scripted-model',
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 10,
      'gen_ai.response.finish_reasons': ['tool_call'],
    });
    const tool = spans.find((s) => s.name === 'execute_tool echo')!;
    assert.equal(tool.attributes['gen_ai.tool.name'], 'echo');
    assert.match(String(tool.attributes['gen_ai.tool.call.id']), /^c[12]$/);
    assert.equal(tool.attributes['gen_ai.tool.call.arguments'], undefined, 'no content unless asked');
    assert.ok(spans.every((s) => s.status.code !== SpanStatusCode.ERROR));
  });

  test('content is recorded only when asked', async () => {
    const { model: m } = await model(({ results }) =>
      results === 0 ? { toolCalls: [{ name: 'echo', arguments: { text: 'secret' } }] } : { text: 'ok' },
    );
    const agent = new Agent({ model: m, systemPrompt: 's', configure: (c) => c.addTool(echo) });
    await agent.ask('my password is hunter2', {
      observers: [otelObserver({ tracer, captureContent: true })],
    });
    const spans = exporter.getFinishedSpans();
    const tool = spans.find((s) => s.name === 'execute_tool echo')!;
    assert.equal(tool.attributes['gen_ai.tool.call.arguments'], '{"text":"secret"}');
    assert.equal(tool.attributes['gen_ai.tool.call.result'], 'echo: secret');
    assert.match(
      String(spans.find((s) => s.name === 'invoke_agent kodama')!.attributes['gen_ai.input.messages']),
      /hunter2/,
    );
  });

  test('a failed run: error status, error.type and an exception event on the run span', async () => {
    const { model: m } = await model(() => ({ fault: 'http', status: 400 }));
    const run = await new Agent({ model: m, systemPrompt: 's' }).ask('go', {
      observers: [otelObserver({ tracer })],
    });
    assert.equal(run.outcome, 'failed');
    const root = exporter.getFinishedSpans().find((s) => s.name === 'invoke_agent kodama')!;
    assert.equal(root.status.code, SpanStatusCode.ERROR);
    assert.equal(root.attributes['kodama.run.outcome'], 'failed');
    assert.ok(String(root.attributes['error.type']).length > 0);
    assert.equal(root.events.filter((e) => e.name === 'exception').length, 1);
    const chat = exporter.getFinishedSpans().find((s) => s.name.startsWith('chat'))!;
    assert.equal(
      chat.status.code,
      SpanStatusCode.ERROR,
      'the request that failed is not left open or marked fine',
    );
  });

  test('a cancelled run ends every open span, marked cancelled', async () => {
    let started!: () => void;
    const waiting = new Promise<void>((r) => {
      started = r;
    });
    const slow = defineTool({
      name: 'slow',
      description: 'Slow.',
      parameters: z.object({}),
      trifectaLegs: NONE,
      execute: (_a, ctx) =>
        new Promise<string>((resolve) => {
          started();
          ctx.signal.addEventListener('abort', () => resolve('stopped'));
        }),
    });
    const { model: m } = await model(() => ({ toolCalls: [{ name: 'slow', arguments: {} }] }));
    const agent = new Agent({ model: m, systemPrompt: 's', configure: (c) => c.addTool(slow) });
    const run = agent.createRun('go', { observers: [otelObserver({ tracer })] });
    const done = run.execute();
    await waiting;
    run.cancel();
    await done;
    assert.equal(run.outcome, 'cancelled');
    const spans = exporter.getFinishedSpans();
    const names = spans.map((s) => s.name).sort();
    assert.deepEqual(names, ['chat scripted-model', 'execute_tool slow', 'invoke_agent kodama']);
    const root = spans.find((s) => s.name === 'invoke_agent kodama')!;
    assert.deepEqual([root.status.code, root.attributes['error.type']], [SpanStatusCode.ERROR, 'cancelled']);
    const tool = spans.find((s) => s.name === 'execute_tool slow')!;
    assert.equal(tool.status.code, SpanStatusCode.ERROR);
  });
});
