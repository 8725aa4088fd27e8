// A real provider-shaped "too long" answer, served over loopback HTTP, becomes a ModelError of kind
// 'context-overflow' in the adapter (not retried), and an agent over that model compacts and answers.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Agent, ModelError, type RunEvent } from '@kodama/core';
import { isContextOverflow } from '@kodama/core/compaction';
import { resolveModel } from '@kodama/models';
import {
  type Script,
  type ScriptedServer,
  startAnthropicServer,
  startOpenAICompatibleServer,
} from '@kodama/testkit';
import { collect, FAST_RETRY } from './support/collect.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

interface Provider {
  readonly name: string;
  /** The provider's own error body for a request that does not fit. */
  readonly body: string;
  readonly status: number;
  start(script: Script): Promise<ScriptedServer>;
  target: string;
  env(server: ScriptedServer): Record<string, string>;
}

const openAIBody = JSON.stringify({
  error: {
    message:
      "This model's maximum context length is 4096 tokens. However, your messages resulted in 5120 tokens. Please reduce the length of the messages.",
    type: 'invalid_request_error',
    param: 'messages',
    code: 'context_length_exceeded',
  },
});

const PROVIDERS: readonly Provider[] = [
  {
    name: 'openai (@ai-sdk/openai)',
    status: 400,
    body: openAIBody,
    start: (script) => startOpenAICompatibleServer({ script }),
    target: 'openai:gpt-4o',
    env: (server) => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${server.url}/v1` }),
  },
  {
    name: 'anthropic (@ai-sdk/anthropic)',
    status: 400,
    body: JSON.stringify({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 209353 tokens > 199999 maximum' },
    }),
    start: (script) => startAnthropicServer({ script }),
    target: 'anthropic:claude-sonnet-4-5',
    env: (server) => ({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url }),
  },
  {
    name: 'llama.cpp (kodama lean adapter)',
    status: 400,
    body: JSON.stringify({
      error: {
        code: 400,
        message: 'request (4390 tokens) exceeds the available context size (4096 tokens), try increasing it',
        type: 'exceed_context_size_error',
        n_prompt_tokens: 4390,
        n_ctx: 4096,
      },
    }),
    start: (script) => startOpenAICompatibleServer({ script }),
    target: 'llamacpp:scripted-model',
    env: (server) => ({ LLAMACPP_BASE_URL: server.url }),
  },
  {
    name: 'llama.cpp HTTP 500 (kodama lean adapter)',
    status: 500,
    body: JSON.stringify({
      error: { code: 500, message: 'Context size has been exceeded.', type: 'server_error' },
    }),
    start: (script) => startOpenAICompatibleServer({ script }),
    target: 'llamacpp:scripted-model',
    env: (server) => ({ LLAMACPP_BASE_URL: server.url }),
  },
  {
    name: 'ollama (kodama lean adapter)',
    status: 400,
    body: JSON.stringify({
      error: {
        message: 'the input length exceeds the context length',
        type: 'api_error',
        param: null,
        code: null,
      },
    }),
    start: (script) => startOpenAICompatibleServer({ script }),
    target: 'ollama:scripted-model',
    env: (server) => ({ OLLAMA_HOST: server.url }),
  },
];

async function serve(provider: Provider, script: Script) {
  const server = await provider.start(script);
  servers.push(server);
  const model = await resolveModel(provider.target, { env: provider.env(server), retry: FAST_RETRY });
  return { server, model };
}

for (const provider of PROVIDERS) {
  describe(`context overflow over HTTP: ${provider.name}`, () => {
    const overflow = { fault: 'http' as const, status: provider.status, body: provider.body };

    test('the answer becomes a ModelError of kind context-overflow, not retried', async () => {
      const { server, model } = await serve(provider, [overflow, { text: 'never asked for' }]);
      const error = await collect(model).then(
        () => assert.fail('the stream should reject'),
        (e: unknown) => e,
      );
      assert.ok(ModelError.isInstance(error), String(error));
      assert.equal(error.kind, 'context-overflow', error.message);
      assert.equal(error.status, provider.status);
      assert.equal(isContextOverflow(error), true);
      assert.equal(server.modelCalls.length, 1, 'a request that does not fit is not sent again as is');
    });

    test('an agent over that model compacts the conversation and answers', async () => {
      const { server, model } = await serve(provider, [
        { text: 'First answer.' },
        overflow,
        { text: 'The user said one; the assistant answered.' },
        { text: 'Done.' },
      ]);
      const agent = new Agent({ model, systemPrompt: 'You are terse.', compaction: { keepLatestTurns: 1 } });
      assert.equal((await agent.ask('one')).outcome, 'completed');
      const stream = agent.stream('two');
      const events: RunEvent[] = [];
      for await (const e of stream) events.push(e);
      const run = await stream.run;
      assert.equal(run.outcome, 'completed', String(run.error));
      assert.equal(run.response, 'Done.');
      const compaction = events.find((e) => e.type === 'compaction');
      assert.ok(compaction?.type === 'compaction', 'a compaction event');
      assert.equal(compaction.reason, 'overflow');
      assert.equal(server.modelCalls.length, 4, 'answer, refused, summary, the request sent again');
      await agent.close();
    });
  });
}
