// Each attribute of the chat, tool and agent spans checked against the GenAI
// semantic conventions v1.41.0, for real Runs over HTTP (the testkit servers,
// reached through the real provider packages), recorded by the SDK's
// in-memory exporter.
import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { Agent, defineTool, type Model, NONE } from '@kodama/core';
import type { StopReason } from '@kodama/core/model';
import { resolveModel } from '@kodama/models';
import { definePersona, subAgents } from '@kodama/subagents';
import {
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedServer,
  startAnthropicServer,
  startOpenAICompatibleServer,
} from '@kodama/testkit';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { finishReason, otelModel, otelObserver, providerName } from '../src/index.ts';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('test');
const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await provider.shutdown();
});
beforeEach(() => exporter.reset());

const echo = defineTool({
  name: 'echo',
  description: 'Echoes.',
  parameters: z.object({ text: z.string() }),
  trifectaLegs: NONE,
  execute: ({ text }) => `echo: ${text}`,
});

/** One tool call, then an answer; usage with cached and reasoning tokens. */
function toolThenAnswer(request: RecordedRequest): ScriptedReply {
  const body = request.body as { messages: { role: string }[] };
  const usage = { inputTokens: 120, outputTokens: 30, cacheReadTokens: 80, reasoningTokens: 12 };
  return body.messages.some((m) => m.role === 'tool')
    ? { text: 'The echo said hi.', usage }
    : { toolCalls: [{ id: 'call-1', name: 'echo', arguments: { text: 'hi' } }], usage };
}

async function openAIServer(script: (r: RecordedRequest) => ScriptedReply): Promise<ScriptedServer> {
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  return server;
}

async function compatibleModel(server: ScriptedServer): Promise<Model> {
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  return otelModel(model, { serverUrl: server.url });
}

function spanNamed(name: string, nth = 0): ReadableSpan {
  const spans = exporter.getFinishedSpans().filter((s) => s.name === name);
  assert.ok(
    spans[nth],
    `a span named ${name} (#${nth}); have ${exporter.getFinishedSpans().map((s) => s.name)}`,
  );
  return spans[nth];
}

async function runEcho(model: Model, captureContent: boolean, semconvOptIn = ''): Promise<void> {
  const agent = new Agent({ model, systemPrompt: 'You are terse.', configure: (c) => c.addTool(echo) });
  const run = await agent.ask('say hi', {
    observers: [otelObserver({ tracer, agentName: 'helper', captureContent, semconvOptIn })],
  });
  assert.equal(run.outcome, 'completed', String(run.error));
}

describe('GenAI conventions v1.41.0, attribute by attribute', () => {
  test('a chat span: provider, request, response, usage, finish reason, server; no content by default', async () => {
    const server = await openAIServer(toolThenAnswer);
    await runEcho(await compatibleModel(server), false);
    const chat = spanNamed('chat scripted-model');
    const port = Number(new URL(server.url).port);
    assert.equal(chat.kind, SpanKind.CLIENT);
    assert.deepEqual(chat.attributes, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'kodama.model.provider': 'openai-compatible',
      'gen_ai.request.model': 'scripted-model',
      'gen_ai.request.stream': true,
      'gen_ai.system': 'openai',
      'server.address': '127.0.0.1',
      'server.port': port,
      'gen_ai.response.id': 'chatcmpl-testkit-1',
      'gen_ai.response.model': 'scripted-model',
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 30,
      'gen_ai.usage.cache_read.input_tokens': 80,
      'gen_ai.usage.reasoning.output_tokens': 12,
      'gen_ai.response.finish_reasons': ['tool_call'],
    });
    assert.deepEqual(spanNamed('chat scripted-model', 1).attributes['gen_ai.response.finish_reasons'], [
      'stop',
    ]);
  });

  test('content capture on: system instructions, input messages, output messages with finish_reason and tool calls', async () => {
    const server = await openAIServer(toolThenAnswer);
    await runEcho(await compatibleModel(server), true);
    const first = spanNamed('chat scripted-model');
    assert.deepEqual(JSON.parse(String(first.attributes['gen_ai.system_instructions'])), [
      { type: 'text', content: 'You are terse.' },
    ]);
    assert.deepEqual(JSON.parse(String(first.attributes['gen_ai.input.messages'])), [
      { role: 'user', parts: [{ type: 'text', content: 'say hi' }] },
    ]);
    assert.deepEqual(JSON.parse(String(first.attributes['gen_ai.output.messages'])), [
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'call-1', name: 'echo', arguments: { text: 'hi' } }],
        finish_reason: 'tool_call',
      },
    ]);
    const second = spanNamed('chat scripted-model', 1);
    assert.deepEqual(JSON.parse(String(second.attributes['gen_ai.input.messages'])), [
      { role: 'user', parts: [{ type: 'text', content: 'say hi' }] },
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'call-1', name: 'echo', arguments: { text: 'hi' } }],
      },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'call-1', response: 'echo: hi' }] },
    ]);
    assert.deepEqual(JSON.parse(String(second.attributes['gen_ai.output.messages'])), [
      { role: 'assistant', parts: [{ type: 'text', content: 'The echo said hi.' }], finish_reason: 'stop' },
    ]);
    const tool = spanNamed('execute_tool echo');
    assert.equal(tool.attributes['gen_ai.tool.call.arguments'], '{"text":"hi"}');
    assert.equal(tool.attributes['gen_ai.tool.call.result'], 'echo: hi');
  });

  test('content capture off: no content attribute on any span', async () => {
    const server = await openAIServer(toolThenAnswer);
    await runEcho(await compatibleModel(server), false);
    const content = [
      'gen_ai.system_instructions',
      'gen_ai.input.messages',
      'gen_ai.output.messages',
      'gen_ai.tool.call.arguments',
      'gen_ai.tool.call.result',
    ];
    const spans = exporter.getFinishedSpans();
    assert.equal(spans.length, 4);
    for (const span of spans)
      for (const name of content) assert.equal(span.attributes[name], undefined, name);
  });

  test('a tool span and the agent span', async () => {
    const server = await openAIServer(toolThenAnswer);
    await runEcho(await compatibleModel(server), false);
    const tool = spanNamed('execute_tool echo');
    assert.equal(tool.kind, SpanKind.INTERNAL);
    assert.deepEqual(tool.attributes, {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'echo',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.call.id': 'call-1',
      'kodama.tool.status': 'ok',
    });
    const agent = spanNamed('invoke_agent helper');
    assert.equal(agent.kind, SpanKind.INTERNAL);
    const { 'kodama.run.id': runId, ...rest } = agent.attributes;
    assert.match(String(runId), /.+/);
    assert.deepEqual(rest, {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'helper',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'scripted-model',
      'kodama.run.outcome': 'completed',
      'gen_ai.usage.input_tokens': 240,
      'gen_ai.usage.output_tokens': 60,
      'gen_ai.usage.cache_read.input_tokens': 160,
      'gen_ai.usage.reasoning.output_tokens': 24,
    });
    assert.equal(agent.attributes['gen_ai.agent.id'], undefined, 'no empty gen_ai.agent.id');
  });

  test('a sub-agent span carries its id; the main agent none', async () => {
    const server = await openAIServer((request) => {
      const body = request.body as { messages: { role: string; content?: unknown }[] };
      const sub = String(body.messages[0]?.content ?? '').startsWith('You are SEEKER.');
      const answered = body.messages.some((m) => m.role === 'tool');
      // `usage: {}`: a server that reports no counts.
      if (sub || answered) return { text: 'done', usage: {} };
      return {
        toolCalls: [{ id: 'a1', name: 'agent', arguments: { name: 'seeker', task: 't' } }],
        usage: {},
      };
    });
    const seeker = definePersona({
      name: 'seeker',
      description: 'Looks things up.',
      toolNames: [],
      systemPrompt: 'You are SEEKER.',
      maxSteps: 2,
    });
    const agent = new Agent({
      model: await compatibleModel(server),
      systemPrompt: 'You are the parent.',
      configure: (c) => c.addExtension(subAgents({ personas: [seeker] })),
    });
    await agent.ask('go', { observers: [otelObserver({ tracer })] });
    assert.equal(spanNamed('invoke_agent seeker 0').attributes['gen_ai.agent.id'], 'seeker 0');
    assert.equal(spanNamed('invoke_agent kodama').attributes['gen_ai.agent.id'], undefined);
    for (const span of exporter.getFinishedSpans()) {
      const usage = Object.keys(span.attributes).filter((k) => k.startsWith('gen_ai.usage.'));
      assert.deepEqual(usage, [], `${span.name}: the server reported no usage: none recorded, not 0`);
    }
  });

  test('a failed chat span: error.type is the error class, an exception event, no usage', async () => {
    const server = await openAIServer(() => ({ fault: 'http', status: 400, body: '{"error":"bad"}' }));
    const run = await new Agent({ model: await compatibleModel(server), systemPrompt: 's' }).ask('go', {
      observers: [otelObserver({ tracer })],
    });
    assert.equal(run.outcome, 'failed');
    const errorClass = (run.error as Error).name;
    assert.notEqual(errorClass, 'Error');
    for (const name of ['chat scripted-model', 'invoke_agent kodama']) {
      const span = spanNamed(name);
      assert.equal(span.status.code, SpanStatusCode.ERROR, name);
      assert.equal(span.attributes['error.type'], errorClass, name);
      const exceptions = span.events.filter((e) => e.name === 'exception');
      assert.equal(exceptions.length, 1, name);
      assert.equal(exceptions[0]!.attributes?.['exception.type'], errorClass);
      const usage = Object.keys(span.attributes).filter((k) => k.startsWith('gen_ai.usage.'));
      assert.deepEqual(usage, [], `${name}: no usage of 0 for a request that never answered`);
      assert.equal(span.attributes['gen_ai.response.finish_reasons'], undefined);
    }
  });

  test('OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental drops the v1.36.0 gen_ai.system', async () => {
    const server = await openAIServer(toolThenAnswer);
    await runEcho(await compatibleModel(server), false, 'http, gen_ai_latest_experimental');
    const chat = spanNamed('chat scripted-model');
    assert.equal(chat.attributes['gen_ai.system'], undefined);
    assert.equal(chat.attributes['gen_ai.provider.name'], 'openai');
  });

  test('Anthropic over its own API through @ai-sdk/anthropic: provider anthropic', async () => {
    const server = await startAnthropicServer({
      script: () => ({ text: 'hello', usage: { inputTokens: 5, outputTokens: 2 } }),
    });
    servers.push(server);
    const model = await resolveModel('anthropic:claude-sonnet-4-5', {
      env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url },
      maxRetries: 0,
    });
    const run = await new Agent({ model: otelModel(model), systemPrompt: 's' }).ask('hi', {
      observers: [otelObserver({ tracer, semconvOptIn: '' })],
    });
    assert.equal(run.outcome, 'completed', String(run.error));
    const chat = spanNamed('chat claude-sonnet-4-5');
    assert.deepEqual(
      [
        chat.attributes['gen_ai.provider.name'],
        chat.attributes['gen_ai.system'],
        chat.attributes['kodama.model.provider'],
      ],
      ['anthropic', 'anthropic', 'anthropic'],
    );
    assert.deepEqual(chat.attributes['gen_ai.response.finish_reasons'], ['stop']);
    assert.match(String(chat.attributes['gen_ai.response.id']), /^msg_/, 'Anthropic’s message id');
    assert.equal(chat.attributes['server.address'], undefined, 'no server URL given: none invented');
  });

  test('a request with temperature and an output limit records both', async () => {
    const server = await openAIServer(() => ({ text: 'ok' }));
    const traced = await compatibleModel(server);
    // A wrapper that sets sampling options, the way an application would; otelModel sees the request it sends.
    const tuned: Model = {
      ...traced,
      stream: (request, options) =>
        traced.stream({ ...request, temperature: 0.2, maxOutputTokens: 256 }, options),
    };
    await new Agent({ model: tuned, systemPrompt: 's' }).ask('hi', { observers: [otelObserver({ tracer })] });
    const chat = spanNamed('chat scripted-model');
    assert.equal(chat.attributes['gen_ai.request.temperature'], 0.2);
    assert.equal(chat.attributes['gen_ai.request.max_tokens'], 256);
    const sent = server.modelCalls[0]!.body as { temperature?: number; max_tokens?: number };
    assert.deepEqual([sent.temperature, sent.max_tokens], [0.2, 256], 'what the span says is what was sent');
  });
});

test('a Run with an output schema asks for JSON: gen_ai.output.type json; a plain one has none', async () => {
  const server = await openAIServer(() => ({ text: '{"city":"Paris"}' }));
  const agent = new Agent({ model: await compatibleModel(server), systemPrompt: 's' });
  const run = await agent.ask('Which city?', {
    output: z.object({ city: z.string() }),
    observers: [otelObserver({ tracer })],
  });
  assert.equal(run.outcome, 'completed', String(run.error));
  assert.equal(spanNamed('chat scripted-model').attributes['gen_ai.output.type'], 'json');
  const sent = server.modelCalls[0]!.body as { response_format?: { type: string } };
  assert.equal(sent.response_format?.type, 'json_schema', 'what the span says is what was sent');
  exporter.reset();
  await agent.ask('hi', { observers: [otelObserver({ tracer })] });
  assert.equal(spanNamed('chat scripted-model').attributes['gen_ai.output.type'], undefined);
});

test('an adapter-level output limit (resolveModel maxOutputTokens) is recorded when otelModel is told it', async () => {
  const server = await openAIServer(() => ({ text: 'ok' }));
  const target = `openai-compatible:${server.url}/v1@scripted-model`;
  const model = await resolveModel(target, { maxRetries: 0, maxOutputTokens: 64 });
  const traced = otelModel(model, { serverUrl: server.url, maxOutputTokens: 64 });
  await new Agent({ model: traced, systemPrompt: 's' }).ask('hi', { observers: [otelObserver({ tracer })] });
  assert.equal(spanNamed('chat scripted-model').attributes['gen_ai.request.max_tokens'], 64);
  const sent = server.modelCalls[0]!.body as { max_tokens?: number };
  assert.equal(sent.max_tokens, 64, 'what the span says is what was sent');
});

describe('the conventions’ values', () => {
  test('finish reasons', () => {
    const all: StopReason[] = ['stop', 'tool-calls', 'length', 'content-filter', 'error', 'other'];
    assert.deepEqual(all.map(finishReason), [
      'stop',
      'tool_call',
      'length',
      'content_filter',
      'error',
      'other',
    ]);
  });

  test('provider names', () => {
    const kodama = [
      'openai',
      'anthropic',
      'google',
      'openai-compatible',
      'openrouter',
      'ollama',
      'llamacpp',
      'lmstudio',
      'local',
    ];
    assert.deepEqual(kodama.map(providerName), [
      'openai',
      'anthropic',
      'gcp.gemini',
      'openai',
      'openai',
      'openai',
      'openai',
      'openai',
      'local',
    ]);
  });
});
