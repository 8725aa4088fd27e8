import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { lookupKnownContextWindow, resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));
async function server(options: { contextWindow?: number; router?: boolean; models?: string[] }) {
  const s = await startOpenAICompatibleServer({ script: [], ...options });
  servers.push(s);
  return s;
}

test('llama.cpp: n_ctx from GET /props, probed once and cached', async () => {
  const s = await server({ contextWindow: 8192 });
  const model = await resolveModel('llamacpp', { env: { LLAMACPP_BASE_URL: s.url } });
  assert.equal(await model.contextWindow?.(), 8192);
  assert.equal(await model.contextWindow?.(), 8192);
  assert.equal(s.requests.filter((r) => r.path.startsWith('/props')).length, 1);
});

test('llama.cpp router mode: a bare /props with n_ctx 0 is re-probed per model', async () => {
  const s = await server({ contextWindow: 32768, router: true, models: ['qwen', 'gemma'] });
  const model = await resolveModel('llamacpp:gemma', { env: { LLAMACPP_BASE_URL: `${s.url}/v1` } });
  assert.equal(await model.contextWindow?.(), 32768);
  assert.deepEqual(
    s.requests.filter((r) => r.path.startsWith('/props')).map((r) => r.path),
    ['/props', '/props?model=gemma'],
  );
});

test('Ollama: context_length from POST /api/show model_info', async () => {
  const s = await server({ contextWindow: 40960, models: ['qwen3:8b'] });
  const model = await resolveModel('ollama:qwen3:8b', { env: { OLLAMA_HOST: s.url.replace('http://', '') } });
  assert.equal(await model.contextWindow?.(), 40960);
  const show = s.requests.find((r) => r.path === '/api/show');
  assert.deepEqual(show?.body, { model: 'qwen3:8b' });
});

test('explicit contextWindow wins without probing', async () => {
  const s = await server({ contextWindow: 8192 });
  const model = await resolveModel('llamacpp', { env: { LLAMACPP_BASE_URL: s.url }, contextWindow: 2048 });
  assert.equal(await model.contextWindow?.(), 2048);
  assert.equal(s.requests.filter((r) => r.path.startsWith('/props')).length, 0);
});

test('when the server reports nothing: the table for a well-known id, else undefined (never a guess)', async () => {
  const s = await server({ models: ['gpt-4o'] });
  const known = await resolveModel(`openai-compatible:${s.url}/v1`);
  assert.equal(known.modelId, 'gpt-4o');
  assert.equal(await known.contextWindow?.(), 128_000);
  const unknown = await resolveModel(`openai-compatible:${s.url}/v1@my-finetune`);
  assert.equal(await unknown.contextWindow?.(), undefined);
});

test('bundled table: flagship hosted ids, dated snapshots, vendor prefixes', () => {
  assert.equal(lookupKnownContextWindow('claude-sonnet-4-5-20250929'), 200_000);
  assert.equal(lookupKnownContextWindow('anthropic/claude-sonnet-4.5'), 200_000);
  assert.equal(lookupKnownContextWindow('gpt-4o-2024-08-06'), 128_000);
  assert.equal(lookupKnownContextWindow('gpt-4.1'), 1_047_576);
  assert.equal(lookupKnownContextWindow('gemini-2.5-pro'), 1_048_576);
  assert.equal(lookupKnownContextWindow('gpt-4o-mini-tts'), undefined);
  assert.equal(lookupKnownContextWindow('llama3'), undefined);
});
