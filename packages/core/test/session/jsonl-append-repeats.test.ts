// A JSONL append refuses a message the session already holds (or one that
// appears twice in the batch): written, it would make a session that load
// refuses. Run twice, the documented `store.append('s1', messages)` must not
// break session s1.
import assert from 'node:assert/strict';
import { appendFile, readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { JsonlSessionStore } from '@kodama/core/session';
import { answer, jsonlRoot, storeError, user } from './jsonl-fixtures.ts';

const { freshDir } = await jsonlRoot('kodama-jsonl-repeats-');

test('appending a message id already stored is refused, says what to do, and leaves the session loadable', async () => {
  const store = new JsonlSessionStore({ dir: freshDir() });
  const path = store.pathOf('s1');
  await store.append('s1', [user('m1', 'hello'), answer('m2', 'hi')]);
  const before = await readFile(path, 'utf8');
  await assert.rejects(
    store.append('s1', [user('m1', 'hello'), answer('m2', 'hi')]),
    storeError(path, /message "m1" is already stored in session "s1": append only the messages that are new/),
  );
  await assert.rejects(
    store.append('s1', [user('m3', 'next'), answer('m2', 'again')]),
    storeError(path, /message "m2" is already stored/),
  );
  assert.equal(await readFile(path, 'utf8'), before, 'nothing was written');
  await store.append('s1', [user('m3', 'next')]);
  assert.deepEqual(
    (await store.load('s1'))?.messages.map((m) => m.id),
    ['m1', 'm2', 'm3'],
  );
  await store.close();
});

test('an id twice in one append is refused, also when the session is new', async () => {
  const store = new JsonlSessionStore({ dir: freshDir() });
  await assert.rejects(
    store.append('fresh', [user('m1', 'a'), user('m1', 'b')]),
    storeError(store.pathOf('fresh'), /message "m1" appears twice in one append/),
  );
  assert.equal(await store.load('fresh'), undefined);
  await store.close();
});

test('a message another store instance appended is known too, and replace makes its ids free again', async () => {
  const dir = freshDir();
  const first = new JsonlSessionStore({ dir });
  const second = new JsonlSessionStore({ dir });
  await first.append('s1', [user('m1', 'a')]);
  await first.append('s1', [answer('m2', 'b')]); // first now knows m1 and m2
  await second.append('s1', [user('m3', 'c')]); // a change first did not make
  await assert.rejects(first.append('s1', [user('m3', 'c')]), storeError(first.pathOf('s1'), /"m3"/));
  await first.replace('s1', [user('m1', 'a')]);
  await first.append('s1', [answer('m2', 'b')]);
  assert.deepEqual(
    (await second.load('s1'))?.messages.map((m) => m.id),
    ['m1', 'm2'],
  );
  await Promise.all([first.close(), second.close()]);
});

test('a line written by hand with its id not first is still read for its id', async () => {
  const store = new JsonlSessionStore({ dir: freshDir() });
  const path = store.pathOf('s1');
  await store.append('s1', [user('m1', 'a')]);
  // The same shape a writer with another key order would produce, committed.
  const line = JSON.stringify({ kind: 'user', message: { role: 'user', content: 'b' }, id: 'm\\2' });
  await appendFile(path, `${line}\n{"commit":{"at":2,"messages":1}}\n`);
  const reopened = new JsonlSessionStore({ dir: store.dir });
  await assert.rejects(reopened.append('s1', [user('m\\2', 'b')]), storeError(path, /already stored/));
  await Promise.all([store.close(), reopened.close()]);
});
