import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createChatCompletionsModel, fromAiSdk, resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { collect, FAST_RETRY } from './support/collect.ts';
import { fakeV3Model } from './support/fake-v3-model.ts';

// Model.maxRetries tells the agent loop the policy the adapter follows, so a
// malformed response is re-requested as often as a failed one is retried.
const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function failing(): Promise<ScriptedServer> {
  const server = await startOpenAICompatibleServer({ script: () => ({ fault: 'http', status: 503 }) });
  servers.push(server);
  return server;
}

test('resolved models report the retries they make: 2 by default, else as configured', async () => {
  for (const [options, expected] of [
    [{}, 2],
    [{ maxRetries: 0 }, 0],
    [{ retry: { maxRetries: 4 } }, 4],
    [{ maxRetries: 1, retry: { maxRetries: 4 } }, 1],
  ] as const) {
    const server = await failing();
    const model = await resolveModel(`openai-compatible:${server.url}/v1@m`, {
      ...options,
      retry: { ...FAST_RETRY, ...('retry' in options ? options.retry : {}) },
    });
    assert.equal(model.maxRetries, expected, JSON.stringify(options));
    await assert.rejects(collect(model));
    assert.equal(server.modelCalls.length, 1 + expected, 'as many retries as it says');
  }
});

test('every adapter sets maxRetries from its policy', async () => {
  const anthropic = await resolveModel('anthropic:claude-sonnet-4-5', {
    env: { ANTHROPIC_API_KEY: 'k' },
    maxRetries: 3,
  });
  assert.equal(anthropic.maxRetries, 3);
  assert.equal(fromAiSdk(fakeV3Model([])).maxRetries, 2);
  assert.equal(fromAiSdk(fakeV3Model([]), { retry: { maxRetries: 5 } }).maxRetries, 5);
  const lean = createChatCompletionsModel({ baseURL: 'http://127.0.0.1:9/v1', modelId: 'm' });
  assert.equal(lean.maxRetries, 2);
});
