import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ModelAuthError, resolveModel } from '@kodama/models';
import { type Script, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { collect, FAST_RETRY, textOf } from './support/collect.ts';

// `openai:<id>` goes through @ai-sdk/openai's chat-completions model; OPENAI_BASE_URL
// points it at the scripted server.
const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function openai(script: Script) {
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  const model = await resolveModel('openai:gpt-4o', {
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${server.url}/v1` },
    retry: FAST_RETRY,
  });
  return { server, model };
}

test('openai: streams text, a tool call and usage through @ai-sdk/openai', async () => {
  const { server, model } = await openai([
    {
      text: 'Hi!',
      toolCalls: [{ id: 't1', name: 'read', arguments: { path: 'x' } }],
      usage: { inputTokens: 9, outputTokens: 4, cacheReadTokens: 2, reasoningTokens: 1 },
    },
  ]);
  const parts = await collect(model, {
    messages: [{ role: 'user', content: 'hi' }],
    tools: [
      {
        name: 'read',
        description: 'Read a file',
        parameters: { type: 'object', properties: { path: { type: 'string' } } },
      },
    ],
  });
  assert.equal(textOf(parts), 'Hi!');
  const end = parts.find((p) => p.type === 'tool-call-end');
  assert.deepEqual(end?.type === 'tool-call-end' && end.input, { path: 'x' });
  const usage = parts.find((p) => p.type === 'usage');
  assert.deepEqual(
    usage?.type === 'usage' && [
      usage.usage.inputTokens,
      usage.usage.cacheReadTokens,
      usage.usage.reasoningTokens,
    ],
    [9, 2, 1],
  );
  const body = server.modelCalls[0]!.body as { model: string; tools: { function: { name: string } }[] };
  assert.equal(body.model, 'gpt-4o');
  assert.equal(body.tools[0]!.function.name, 'read');
  assert.equal(server.modelCalls[0]!.headers.authorization, 'Bearer sk-test');
  assert.equal(await model.contextWindow?.(), 128_000, 'from the bundled table');
});

test('openai: a 401 is a ModelAuthError that names OPENAI_API_KEY', async () => {
  const { model } = await openai([{ fault: 'http', status: 401 }]);
  await assert.rejects(
    collect(model),
    (e: Error) => ModelAuthError.isInstance(e) && /OPENAI_API_KEY/.test(e.message),
  );
});
