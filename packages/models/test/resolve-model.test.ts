import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import {
  MissingApiKeyError,
  ModelAuthError,
  ModelServerUnreachableError,
  ModelTargetError,
  resolveModel,
} from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { collect, textOf } from './support/collect.ts';

const closers: (() => Promise<void>)[] = [];
after(() => Promise.all(closers.map((c) => c())));

async function scripted(models: string[]): Promise<ScriptedServer> {
  const s = await startOpenAICompatibleServer({ script: () => ({ text: 'ok' }), models });
  closers.push(() => s.close());
  return s;
}

/**
 * A port nothing listens on. Not one bound and released here: a server of a
 * test file running concurrently can be given that ephemeral port in between.
 * Port 2 lies below the range `listen(0)` draws from, and off fetch's list of
 * blocked ports.
 */
const CLOSED_PORT = 2;

test('openai-compatible:<url> uses the first listed model', async () => {
  const s = await scripted(['first-model', 'second-model']);
  const model = await resolveModel(`openai-compatible:${s.url}/v1`);
  assert.equal(model.modelId, 'first-model');
  assert.equal(model.provider, 'openai-compatible');
  assert.equal(textOf(await collect(model)), 'ok');
  assert.equal((s.modelCalls[0]!.body as { model: string }).model, 'first-model');
});

test('openai-compatible:<url>@<id> names one', async () => {
  const s = await scripted(['first-model', 'second-model']);
  const model = await resolveModel(`openai-compatible:${s.url}/v1@second-model`);
  assert.equal(model.modelId, 'second-model');
  await collect(model);
  assert.equal((s.modelCalls[0]!.body as { model: string }).model, 'second-model');
});

test('local providers read their base URL from the env', async () => {
  const s = await scripted(['local-llm']);
  for (const [target, env] of [
    ['llamacpp', { LLAMACPP_BASE_URL: s.url }],
    ['lmstudio:local-llm', { LMSTUDIO_BASE_URL: `${s.url}/v1/` }],
    ['ollama', { OLLAMA_HOST: s.url.replace('http://', '') }],
  ] as const) {
    const model = await resolveModel(target, { env });
    assert.equal(model.modelId, 'local-llm', target);
    assert.equal(model.provider, target.split(':')[0]);
    assert.equal(textOf(await collect(model)), 'ok');
  }
});

test('openrouter goes to OPENROUTER_BASE_URL with its key', async () => {
  const s = await scripted(['x']);
  const model = await resolveModel('openrouter:anthropic/claude-sonnet-4.5', {
    env: { OPENROUTER_API_KEY: 'or-key', OPENROUTER_BASE_URL: `${s.url}/v1` },
  });
  await collect(model);
  assert.equal(s.modelCalls[0]!.headers.authorization, 'Bearer or-key');
  assert.equal(await model.contextWindow?.(), 200_000);
});

test('unknown provider and malformed targets are ModelTargetError', async () => {
  await assert.rejects(resolveModel('acme:thing', { env: {} }), (e) => ModelTargetError.isInstance(e));
  await assert.rejects(resolveModel('openai-compatible:not a url', { env: {} }), (e) =>
    ModelTargetError.isInstance(e),
  );
});

test('a missing key names the variable to set', async () => {
  for (const [target, envVar] of [
    ['anthropic:claude-sonnet-4-5', 'ANTHROPIC_API_KEY'],
    ['openai:gpt-4o', 'OPENAI_API_KEY'],
    ['google:gemini-2.5-pro', 'GEMINI_API_KEY'],
    ['openrouter:a/b', 'OPENROUTER_API_KEY'],
  ] as const) {
    await assert.rejects(
      resolveModel(target, { env: {} }),
      (e: Error) =>
        MissingApiKeyError.isInstance(e) && e.message.includes(`set ${envVar} or pick another --model`),
    );
  }
  const google = await resolveModel('google:gemini-2.5-pro', { env: { GOOGLE_GENERATIVE_AI_API_KEY: 'g' } });
  assert.equal(google.provider, 'google');
});

test('an unreachable server (closed port) is ModelServerUnreachableError', async () => {
  const port = CLOSED_PORT;
  await assert.rejects(
    resolveModel(`openai-compatible:http://127.0.0.1:${port}/v1`),
    (e: Error) => ModelServerUnreachableError.isInstance(e) && /cannot reach/.test(e.message),
  );
  await assert.rejects(
    resolveModel('llamacpp', { env: { LLAMACPP_BASE_URL: `http://127.0.0.1:${port}` } }),
    (e: Error) => ModelServerUnreachableError.isInstance(e) && /LLAMACPP_BASE_URL/.test(e.message),
  );
});

test('a hosted provider whose server refuses the connection fails at call time with ModelServerUnreachableError naming the fix', async () => {
  const port = CLOSED_PORT;
  for (const [target, env] of [
    ['openai:gpt-4.1', { OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` }],
    [
      'anthropic:claude-sonnet-4-5',
      { ANTHROPIC_API_KEY: 'sk', ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` },
    ],
  ] as const) {
    const model = await resolveModel(target, { env });
    const retries: unknown[] = [];
    await assert.rejects(
      async () => {
        for await (const _ of model.stream(
          { messages: [{ role: 'user', content: 'hi' }] },
          { onRetry: (r) => retries.push(r) },
        )) {
          // drain
        }
      },
      (e: Error) =>
        ModelServerUnreachableError.isInstance(e) &&
        /ECONNREFUSED/.test(e.message) &&
        new RegExp(`${env.OPENAI_API_KEY ? 'OPENAI' : 'ANTHROPIC'}_BASE_URL`).test(e.message),
    );
    assert.deepEqual(retries, [], 'a refused connection is not retried');
  }
});

test('a 401 from the server is ModelAuthError naming the key', async () => {
  const server = createServer((req, res) => {
    const ok = req.headers.authorization === 'Bearer right';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? '{"data":[{"id":"m"}]}' : '{"error":{"message":"invalid key"}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  await assert.rejects(
    resolveModel(`openai-compatible:${url}`, { env: { OPENAI_COMPATIBLE_API_KEY: 'wrong' } }),
    (e: Error) =>
      ModelAuthError.isInstance(e) && /401/.test(e.message) && /OPENAI_COMPATIBLE_API_KEY/.test(e.message),
  );
  const model = await resolveModel(`openai-compatible:${url}`, {
    env: { OPENAI_COMPATIBLE_API_KEY: 'right' },
  });
  assert.equal(model.modelId, 'm');
});

test('a server that lists no models needs an @<id>', async () => {
  const s = await scripted([]);
  await assert.rejects(
    resolveModel(`openai-compatible:${s.url}/v1`),
    (e: Error) => ModelTargetError.isInstance(e) && /lists no models/.test(e.message),
  );
});
