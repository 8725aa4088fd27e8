import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { LocalModelFileError, resolveEmbedder } from '@kodama/models';
import { writeTinyChatModel } from '@kodama/testkit';

// A real llama.cpp embedding pass on testkit's generated GGUF model, one thread.

let dir: string;
let file: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kodama-local-embed-'));
  file = await writeTinyChatModel(join(dir, 'tiny.gguf'));
});
after(() => rm(dir, { recursive: true, force: true }));

test('local: a GGUF model embeds texts in process, one vector per text, the same text the same vector', async () => {
  const embedder = resolveEmbedder(`local:${file}?threads=1`);
  try {
    assert.equal(embedder.provider, 'local');
    assert.equal(embedder.dimensions, undefined, 'nothing is loaded before the first call');
    const [a, b, again] = await embedder.embed(['hello world', 'Paris', 'hello world']);
    assert.equal(embedder.dimensions, 64, "the model's embedding width");
    assert.equal(a!.length, 64);
    assert.deepEqual(again, a, 'deterministic');
    assert.notDeepEqual(b, a, 'different texts, different vectors');
    assert.ok(a!.some((x) => x !== 0));
  } finally {
    await embedder.close?.();
  }
});

test('local: a file that is not GGUF is a clear error on first use', async () => {
  const embedder = resolveEmbedder(`local:${join(dir, 'missing.gguf')}`);
  await assert.rejects(embedder.embed(['x']), (e: unknown) => LocalModelFileError.isInstance(e));
});
