import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ModelError } from '@kodama/core';
import { isContextOverflow } from '@kodama/core/compaction';
import type { ModelRequest, ModelStreamPart } from '@kodama/core/model';
import { type LocalModelHandle, resolveModel } from '@kodama/models';
import { TINY_MODEL, writeTinyChatModel } from '@kodama/testkit';

// A real llama.cpp forward pass on testkit's generated model, one thread, with
// node-llama-cpp's smallest context (256 tokens) so a long prompt is cheap.

let dir: string;
let file: string;
const open: LocalModelHandle[] = [];

async function local(
  query: string,
  options: Parameters<typeof resolveModel>[1] = {},
): Promise<LocalModelHandle> {
  const model = (await resolveModel(`local:${file}?threads=1&ctx=256&${query}`, options)) as LocalModelHandle;
  open.push(model);
  return model;
}

async function run(model: LocalModelHandle, request: ModelRequest) {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of model.stream(request)) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts, error: undefined };
}

const SING: ModelRequest = { messages: [{ role: 'user', content: `sing ${TINY_MODEL.loopMarker}` }] };
const usageOf = (parts: readonly ModelStreamPart[]) => parts.find((p) => p.type === 'usage');
const finishOf = (parts: readonly ModelStreamPart[]) => parts.find((p) => p.type === 'finish');

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kodama-local-limits-'));
  file = await writeTinyChatModel(join(dir, 'tiny.gguf'));
});

after(async () => {
  for (const model of open) await model.close();
  await rm(dir, { recursive: true, force: true });
});

describe('local: output-token limit and context overflow', () => {
  test('a model that loops stops at the default limit, half the context, with finish reason length', async () => {
    const { parts, error } = await run(await local(''), SING);
    assert.equal(error, undefined);
    assert.deepEqual(finishOf(parts), { type: 'finish', reason: 'length', rawReason: 'maxTokens' });
    assert.equal(usageOf(parts)?.type === 'usage' && usageOf(parts)?.usage.outputTokens, 128);
  });

  test('max_tokens in the target, then resolveModel maxOutputTokens, then the request decide the limit', async () => {
    const outputs = async (model: LocalModelHandle, request: ModelRequest): Promise<unknown> => {
      const { parts, error } = await run(model, request);
      assert.equal(error, undefined);
      const usage = usageOf(parts);
      return usage?.type === 'usage' ? usage.usage.outputTokens : undefined;
    };
    assert.equal(await outputs(await local('max_tokens=9'), SING), 9);
    assert.equal(await outputs(await local('', { maxOutputTokens: 7 }), SING), 7);
    assert.equal(await outputs(await local('max_tokens=9'), { ...SING, maxOutputTokens: 5 }), 5);
    await assert.rejects(local('max_tokens=0'), /maxTokens must be a positive whole number/);
  });

  test('a prompt longer than the context is the typed overflow, not silently cut and answered', async () => {
    const { parts, error } = await run(await local(''), {
      messages: [{ role: 'user', content: 'word '.repeat(300) }],
    });
    assert.deepEqual(parts, []);
    assert.ok(ModelError.isInstance(error), String(error));
    assert.equal(error.kind, 'context-overflow');
    assert.equal(isContextOverflow(error), true);
    assert.match(
      error.message,
      /does not fit the local model's context of 256 tokens \(the prompt alone is \d+ tokens\)/,
    );
  });

  test("node-llama-cpp's failed context shift (a system prompt that leaves no room) becomes the typed overflow", async () => {
    const { error } = await run(await local(''), { ...SING, system: 'rule '.repeat(40) });
    assert.ok(ModelError.isInstance(error), String(error));
    assert.equal(error.kind, 'context-overflow');
    assert.match(error.message, /node-llama-cpp could not shorten it to fit/);
    assert.match(String((error.cause as Error | undefined)?.message), /context shift/);
  });

  test('a prompt that fits still answers as before', async () => {
    const { parts, error } = await run(await local(''), { messages: [{ role: 'user', content: 'Hi' }] });
    assert.equal(error, undefined);
    assert.equal(parts.map((p) => (p.type === 'text-delta' ? p.text : '')).join(''), TINY_MODEL.greeting);
  });
});
