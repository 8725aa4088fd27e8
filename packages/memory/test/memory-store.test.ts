import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LibsqlMemoryStore, MemoryDatabase } from '@kodama/memory';
import { HashEmbedder } from '@kodama/testkit';

async function store(embedder?: HashEmbedder) {
  const db = await MemoryDatabase.open({ url: ':memory:' });
  let clock = 1_000;
  const memories = await LibsqlMemoryStore.open({
    db,
    ...(embedder ? { embedder } : {}),
    now: () => clock++,
  });
  return { db, memories };
}

test('add, update and remove are kept per user, each change in the history with time and source', async () => {
  const { db, memories } = await store(new HashEmbedder({ dimensions: 32 }));
  const tabs = await memories.add('ana', 'Prefers tabs over spaces.', 'message:u1');
  await memories.add('ana', 'Works on a billing service in Go.', 'message:u1');
  const bob = await memories.add('bob', 'Prefers spaces.', 'cli');
  assert.match(tabs.id, /^m\d+$/);
  assert.deepEqual(
    (await memories.list('ana')).map((m) => m.text),
    ['Prefers tabs over spaces.', 'Works on a billing service in Go.'],
  );
  assert.equal(await memories.update('ana', bob.id, 'x', 'cli'), undefined, "ana cannot touch bob's memory");
  assert.equal(await memories.remove('ana', bob.id, 'cli'), false);
  const updated = await memories.update('ana', tabs.id, 'Prefers tabs, width 4.', 'message:u2');
  assert.equal(updated?.text, 'Prefers tabs, width 4.');
  assert.equal(updated?.createdAt, tabs.createdAt);
  assert.ok(updated!.updatedAt > tabs.createdAt);
  assert.equal(await memories.remove('ana', tabs.id, 'tool:forget'), true);
  assert.deepEqual(
    (await memories.history('ana', tabs.id)).map((c) => [c.event, c.before, c.after, c.source]),
    [
      ['ADD', undefined, 'Prefers tabs over spaces.', 'message:u1'],
      ['UPDATE', 'Prefers tabs over spaces.', 'Prefers tabs, width 4.', 'message:u2'],
      ['DELETE', 'Prefers tabs, width 4.', undefined, 'tool:forget'],
    ],
  );
  assert.equal((await memories.history('bob')).length, 1);
  db.close();
});

test('search ranks the user own memories only, with and without vectors', async () => {
  for (const embedder of [new HashEmbedder({ dimensions: 32 }), undefined]) {
    const { db, memories } = await store(embedder);
    await memories.add('ana', 'Deploys with GitHub Actions.', 's');
    await memories.add('ana', 'Has a cat named Miso.', 's');
    await memories.add('bob', 'Has a cat named Tofu.', 's');
    const hits = await memories.search('ana', 'what is the cat called', 5);
    assert.equal(hits[0]!.text, 'Has a cat named Miso.', embedder ? 'hybrid' : 'BM25');
    assert.ok(hits.every((h) => h.userId === 'ana'));
    db.close();
  }
});

test('a fact must be 1-1000 characters; unknown ids are no-ops', async () => {
  const { db, memories } = await store();
  await assert.rejects(memories.add('ana', '   ', 's'), RangeError);
  assert.equal(await memories.remove('ana', 'm999', 's'), false);
  assert.equal(await memories.remove('ana', 'nonsense', 's'), false);
  db.close();
});
