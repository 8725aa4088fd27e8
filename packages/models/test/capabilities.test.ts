// What a resolved model declares about itself: the facts each target's
// resolver fills from kodama's knowledge (families, the context-window and
// price tables, the loaded file), what the caller adds, and unknown left out.
// Consumers (the assistant's attachments, a Run's cost) read these, never names.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Agent } from '@kodama/core';
import {
  createChatCompletionsModel,
  DEFAULT_PRICES,
  type LocalModelHandle,
  type Model,
  resolveModel,
} from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer, writeTinyChatModel } from '@kodama/testkit';

const servers: ScriptedServer[] = [];
const locals: LocalModelHandle[] = [];
const dirs: string[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const model of locals) await model.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const KEYS = {
  OPENAI_API_KEY: 'sk',
  ANTHROPIC_API_KEY: 'sk',
  GEMINI_API_KEY: 'sk',
  OPENROUTER_API_KEY: 'sk',
};
const hosted = (target: string) => resolveModel(target, { env: KEYS });

/** A compatible server's model, built without a server (no probe). */
const compatible = (
  modelId: string,
  options: Partial<Parameters<typeof createChatCompletionsModel>[0]> = {},
) => createChatCompletionsModel({ baseURL: 'http://127.0.0.1:9/v1', modelId, ...options });

describe('capabilities of known targets', () => {
  test('openai:gpt-4o reads images, has JSON mode, answers without reasoning, 128k tokens, its prices', async () => {
    const model = await hosted('openai:gpt-4o');
    assert.deepEqual(model.capabilities, {
      imageInput: true,
      jsonSchema: true,
      reasoning: false,
      contextWindow: 128_000,
      prices: DEFAULT_PRICES['openai:gpt-4o'],
    });
    assert.equal(model.supportsJsonSchema, true, 'the older field agrees');
  });

  test('a dated Claude snapshot: images, no JSON mode, the undated price, reasoning unknown', async () => {
    const model = await hosted('anthropic:claude-sonnet-4-5-20250929');
    assert.deepEqual(model.capabilities, {
      imageInput: true,
      jsonSchema: false,
      contextWindow: 200_000,
      prices: DEFAULT_PRICES['anthropic:claude-sonnet-4-5'],
    });
  });

  test('google:gemini-2.5-pro reasons; openai:o3-mini reasons and reads no images', async () => {
    assert.equal((await hosted('google:gemini-2.5-pro')).capabilities?.reasoning, true);
    const o3 = await hosted('openai:o3-mini');
    assert.equal(o3.capabilities?.reasoning, true);
    assert.equal(o3.capabilities?.imageInput, false);
    assert.equal((await hosted('openai:gpt-3.5-turbo')).capabilities?.imageInput, false);
  });

  test('openrouter: the window from the table at once, no price (OpenRouter bills differently)', async () => {
    const model = await hosted('openrouter:anthropic/claude-sonnet-4.5');
    assert.equal(model.capabilities?.contextWindow, 200_000);
    assert.equal(model.capabilities?.imageInput, true);
    assert.equal(model.capabilities?.prices, undefined);
  });

  test('a compatible server: vision by family, otherwise unknown; the window is left to the probe', async () => {
    const server = await startOpenAICompatibleServer({
      script: [],
      models: ['qwen2.5-vl-7b'],
      contextWindow: 8192,
    });
    servers.push(server);
    const model = await resolveModel(`openai-compatible:${server.url}/v1`);
    assert.deepEqual(model.capabilities, { imageInput: true, jsonSchema: true });
    assert.equal(await model.contextWindow?.(), 8192, 'probed from the server');
    assert.deepEqual(compatible('scripted-model').capabilities, { jsonSchema: true }, 'nothing else known');
  });

  test('what the caller declares wins field by field; an undefined field changes nothing', async () => {
    const prices = { inputPerMTok: 1, outputPerMTok: 1 };
    const model = compatible('my-model', {
      contextWindow: 32_768,
      capabilities: { imageInput: true, prices, reasoning: undefined },
    });
    assert.deepEqual(model.capabilities, {
      imageInput: true,
      jsonSchema: true,
      contextWindow: 32_768,
      prices,
    });
    assert.equal(await model.contextWindow?.(), 32_768);
    const declared = await resolveModel('openai:gpt-4o', { env: KEYS, capabilities: { imageInput: false } });
    assert.equal(declared.capabilities?.imageInput, false);
    assert.equal(declared.capabilities?.contextWindow, 128_000);
  });
});

describe('a local GGUF file', () => {
  async function local(query: string, capabilities?: Model['capabilities']): Promise<LocalModelHandle> {
    const dir = await mkdtemp(join(tmpdir(), 'kodama-caps-'));
    dirs.push(dir);
    const file = await writeTinyChatModel(join(dir, 'tiny.gguf'));
    const model = (await resolveModel(`local:${file}?${query}`, { capabilities })) as LocalModelHandle;
    locals.push(model);
    return model;
  }

  test('declares the context it was loaded with, no image input, JSON mode; reasoning and prices unknown', async () => {
    const model = await local('threads=1');
    assert.deepEqual(model.capabilities, { imageInput: false, jsonSchema: true, contextWindow: 4096 });
    const small = await local('threads=1&ctx=1024');
    assert.equal(small.capabilities?.contextWindow, 1024);
    assert.equal(await small.contextWindow(), 1024, 'the probe agrees');
  });

  test('a vision build can say so', async () => {
    const model = await local('threads=1', { imageInput: true });
    assert.equal(model.capabilities?.imageInput, true);
  });
});

describe("a Run's cost comes from the prices the model declares", () => {
  async function ask(model: Model) {
    const agent = new Agent({ model, systemPrompt: 's' });
    return (await agent.ask('go')).usage?.costUsd;
  }

  test('openai:gpt-4o over real HTTP: priced at the bundled gpt-4o prices', async () => {
    // 1,000,000 − 400,000 cached = 600,000 × 2.50 + 400,000 × 1.25 + 100,000 × 10 = 3,000,000 → $3
    const server = await startOpenAICompatibleServer({
      script: [
        { text: 'ok', usage: { inputTokens: 1_000_000, cacheReadTokens: 400_000, outputTokens: 100_000 } },
      ],
    });
    servers.push(server);
    const model = await resolveModel('openai:gpt-4o', {
      env: { OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: `${server.url}/v1` },
    });
    assert.equal(await ask(model), 3);
  });

  test('a server model with declared prices is priced; the same model without them costs unknown', async () => {
    const server = await startOpenAICompatibleServer({
      script: [
        { text: 'a', usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 } },
        { text: 'b', usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 } },
      ],
    });
    servers.push(server);
    const target = `openai-compatible:${server.url}/v1@scripted-model`;
    const priced = await resolveModel(target, {
      capabilities: { prices: { inputPerMTok: 0.5, outputPerMTok: 1.5 } },
    });
    assert.equal(await ask(priced), 2);
    assert.equal(await ask(await resolveModel(target)), undefined);
  });
});
