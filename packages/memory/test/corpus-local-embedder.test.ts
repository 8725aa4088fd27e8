// The corpus with an in-process GGUF embedder (node-llama-cpp on testkit's
// generated model): vectors from a real llama.cpp forward pass.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Corpus, MemoryDatabase } from '@kodama/memory';
import { resolveEmbedder } from '@kodama/models';
import { writeTinyChatModel } from '@kodama/testkit';

test('index and hybrid search with a local GGUF embedder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-corpus-gguf-'));
  const db = await MemoryDatabase.open({ url: ':memory:' });
  const embedder = resolveEmbedder(`local:${await writeTinyChatModel(join(dir, 'tiny.gguf'))}?threads=1`);
  try {
    const root = join(dir, 'docs');
    await mkdir(root);
    await writeFile(join(root, 'a.md'), '# Paris\nHello from Paris.\n');
    await writeFile(join(root, 'b.md'), '# Weather\nIt is sunny.\n');
    const corpus = await Corpus.open({ db, root, embedder });
    const report = await corpus.reindex();
    assert.equal(report.added, 2);
    assert.equal(report.embedded, true);
    assert.equal(corpus.index.dimensions, 64);
    assert.equal(corpus.index.embedModel, `local:${join(dir, 'tiny.gguf')}`);
    const { hits, mode } = await corpus.search('sunny weather', 2);
    assert.equal(mode, 'hybrid');
    assert.equal(hits[0]!.source, 'b.md');
    assert.ok(
      hits.every((h) => h.vectorRank !== undefined),
      'both files come back from the vector leg',
    );
  } finally {
    await embedder.close?.();
    db.close();
    await rm(dir, { recursive: true, force: true });
  }
});
