import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { discoverDefaultModel, resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

async function portOf(): Promise<{ port: number; url: string }> {
  const s = await startOpenAICompatibleServer({ script: [], models: ['local'] });
  servers.push(s);
  return { port: Number(new URL(s.url).port), url: s.url };
}

test('the first local server that answers wins, in llama.cpp, Ollama, LM Studio order', async () => {
  const dead = await closedPort();
  const ollama = await portOf();
  const lmstudio = await portOf();
  const found = await discoverDefaultModel({
    timeoutMs: 10_000, // generous: a loaded CI machine must not turn a live server into a miss
    env: { OPENAI_API_KEY: 'sk' },
    probePorts: { llamacpp: dead, ollama: ollama.port, lmstudio: lmstudio.port },
  });
  assert.equal(found?.target, `openai-compatible:${ollama.url}/v1`);
  assert.match(found!.reason, /Ollama/);
  const model = await resolveModel(found!.target);
  assert.equal(model.modelId, 'local');
});

test('a server at the env base URL is named by provider', async () => {
  const llama = await portOf();
  const dead = await closedPort();
  const found = await discoverDefaultModel({
    timeoutMs: 10_000, // generous: a loaded CI machine must not turn a live server into a miss
    env: { LLAMACPP_BASE_URL: llama.url },
    probePorts: { ollama: dead, lmstudio: dead },
  });
  assert.equal(found?.target, 'llamacpp');
});

test('no local server: the first API key in order OPENAI, ANTHROPIC, OPENROUTER, GEMINI', async () => {
  const dead = await closedPort();
  const probePorts = { llamacpp: dead, ollama: dead, lmstudio: dead };
  const cases: [Record<string, string>, string | undefined][] = [
    [{ GEMINI_API_KEY: 'g', ANTHROPIC_API_KEY: 'a' }, 'anthropic:claude-sonnet-4-5'],
    [{ OPENROUTER_API_KEY: 'o', GEMINI_API_KEY: 'g' }, 'openrouter:anthropic/claude-sonnet-4.5'],
    [{ GOOGLE_GENERATIVE_AI_API_KEY: 'g' }, 'google:gemini-2.5-flash'],
    [{ OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' }, 'openai:gpt-4.1'],
    [{}, undefined],
  ];
  for (const [env, expected] of cases) {
    const found = await discoverDefaultModel({ env, probePorts, timeoutMs: 10_000 });
    assert.equal(found?.target, expected, JSON.stringify(env));
  }
});
