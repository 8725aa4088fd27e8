import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { EmbeddingDimensionError } from '@kodama/core/model';
import { HybridIndex, MemoryDatabase, MemoryStoreError, RRF_K, reciprocalRankFusion } from '@kodama/memory';
import { HashEmbedder } from '@kodama/testkit';

let db: MemoryDatabase;
const embedder = new HashEmbedder({ dimensions: 32 });
const DOCS = [
  'The cat sleeps on the warm windowsill',
  'Dogs bark at the mail carrier every morning',
  'A recipe for sourdough bread with a long ferment',
  'Cats and kittens purr when they are content',
];

before(async () => {
  db = await MemoryDatabase.open({ url: ':memory:' });
});
after(() => db.close());

test('reciprocal rank fusion: ranks, not scores, decide; both lists vote', () => {
  const fused = reciprocalRankFusion([
    [1, 2, 3],
    [3, 1],
  ]);
  assert.deepEqual(
    fused.map((f) => f.id),
    [1, 3, 2],
  );
  assert.equal(fused[0]!.score, 1 / (RRF_K + 1) + 1 / (RRF_K + 2));
});

test('BM25, vector and hybrid search over one space; exact and ANN agree on a small set', async () => {
  const index = await HybridIndex.open(db, 'animals');
  const vectors = await embedder.embed(DOCS);
  const ids = await db.transaction((tx) =>
    index.addIn(
      tx,
      DOCS.map((text, i) => ({ group: 'doc', text, vector: vectors[i]! })),
      'hash:hash-32',
    ),
  );
  assert.equal(index.dimensions, 32);
  assert.equal(index.embedModel, 'hash:hash-32');
  // Porter stemming: "cats" finds "cat" and "Cats".
  assert.deepEqual(new Set(await index.textSearch('cats', 10)), new Set([ids[0], ids[3]]));
  const [query] = await embedder.embed(['cats purr content']);
  const exact = await index.vectorSearch(query!, 4, { exact: true });
  assert.equal(exact[0], ids[3], 'the passage sharing three words is nearest');
  assert.deepEqual(await index.vectorSearch(query!, 4), exact, 'the ANN index agrees on four rows');
  const hits = await index.search({ query: 'cats purr content', vector: query!, k: 2 });
  assert.equal(hits[0]!.text, DOCS[3]);
  assert.equal(hits[0]!.textRank, 1);
  assert.equal(hits[0]!.vectorRank, 1);
  assert.equal(hits.length, 2);
  assert.deepEqual(await index.search({ query: '!!!', k: 3 }), [], 'no words, no text hits, no vector leg');
});

test('the first vectors fix the dimension and the model; others are typed errors naming both', async () => {
  const index = await HybridIndex.open(db, 'fixed');
  await db.transaction((tx) =>
    index.addIn(tx, [{ group: 'g', text: 'a', vector: new Float32Array(8).fill(1) }], 'x:a'),
  );
  await assert.rejects(
    db.transaction((tx) =>
      index.addIn(tx, [{ group: 'g', text: 'b', vector: new Float32Array(4).fill(1) }], 'x:a'),
    ),
    (e: unknown) => EmbeddingDimensionError.isInstance(e) && e.expected === 8 && e.actual === 4,
  );
  await assert.rejects(
    db.transaction((tx) =>
      index.addIn(tx, [{ group: 'g', text: 'c', vector: new Float32Array(8).fill(1) }], 'y:b'),
    ),
    (e: unknown) => MemoryStoreError.isInstance(e) && /x:a, not y:b/.test((e as Error).message),
  );
  assert.throws(() => index.checkEmbedder('x:a', 16), EmbeddingDimensionError);
  // Reopened from the database, the space remembers.
  const again = await HybridIndex.open(db, 'fixed');
  assert.equal(again.dimensions, 8);
  assert.equal((await again.count()).items, 1, 'the refused rows were rolled back');
});

test('deleting a group removes its rows from the text and vector legs', async () => {
  const index = await HybridIndex.open(db, 'groups');
  const vectors = await embedder.embed(['alpha beta', 'alpha gamma']);
  await db.transaction((tx) =>
    index.addIn(
      tx,
      [
        { group: 'one', text: 'alpha beta', vector: vectors[0]! },
        { group: 'two', text: 'alpha gamma', vector: vectors[1]! },
      ],
      'hash:hash-32',
    ),
  );
  await db.execute(index.deleteGroupStatement('one'));
  assert.deepEqual(
    (await index.search({ query: 'alpha', vector: vectors[0]!, k: 5 })).map((h) => h.group),
    ['two'],
  );
  assert.deepEqual(await index.count(), { items: 1, vectors: 1 });
});

test('words in most rows (no BM25 weight) are left out of the text leg; the rarest stays when all are common', async () => {
  const index = await HybridIndex.open(db, 'common');
  await db.transaction((tx) =>
    index.addIn(
      tx,
      Array.from({ length: 120 }, (_, i) => ({
        group: 'g',
        text: `running notes ${i % 2 === 0 ? 'even' : 'odd'} ${i === 7 ? 'zebra' : ''}`,
      })),
    ),
  );
  // "runs" stems like "running", in every row: dropped; "zebra" decides alone.
  assert.deepEqual((await index.textSearch('runs zebra', 5)).length, 1);
  // All words common: the rarest ("even", in half the rows) is kept, so the search still answers.
  assert.equal((await index.textSearch('running even', 100)).length, 60);
  assert.equal((await index.textSearch('notes', 200)).length, 120, 'a single word is always searched');
});
