// What only the SQLite store does: WAL mode, a private file that survives
// reopening, two stores on one file, the URL check, missing folders created, and rows that are not
// what it wrote.
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { InvalidOptionError } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import { SessionStoreError } from '@kodama/core/session';
import { SqliteSessionStore } from '@kodama/sqlite';
import { createClient } from '@libsql/client';

const root = await mkdtemp(join(tmpdir(), 'kodama-sqlite-'));
after(() => rm(root, { recursive: true, force: true }));

let n = 0;
const freshUrl = () => `file:${join(root, `db${++n}.db`)}`;
const user = (id: string, content: string): HistoryMessage => ({
  id,
  kind: 'user',
  message: { role: 'user', content },
});

test('the database is in WAL mode, private, and its sessions survive closing and reopening', async () => {
  const url = freshUrl();
  const first = await SqliteSessionStore.open({ url });
  await first.append('s1', [user('m1', 'remember me')], { model: 'p:m' });
  await first.close();
  const path = url.slice('file:'.length);
  assert.equal((await stat(path)).mode & 0o777, 0o600);
  const raw = createClient({ url });
  assert.equal((await raw.execute('PRAGMA journal_mode')).rows[0]?.[0], 'wal');
  raw.close();
  const second = await SqliteSessionStore.open({ url: pathToFileURL(path).href });
  const loaded = await second.load('s1');
  assert.equal(loaded?.messages[0]?.id, 'm1');
  assert.deepEqual(
    [loaded?.info.title, loaded?.info.model, loaded?.info.messageCount],
    ['remember me', 'p:m', 1],
  );
  await second.close();
});

test('two stores on one file see each other’s writes', async () => {
  const url = freshUrl();
  const [a, b] = [await SqliteSessionStore.open({ url }), await SqliteSessionStore.open({ url })];
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 === 0 ? a : b).append('shared', [user(`m${i}`, `from ${i % 2}`)]),
    ),
  );
  const ids = (await b.load('shared'))?.messages.map((m) => m.id) ?? [];
  assert.equal(ids.length, 20);
  assert.equal(new Set(ids).size, 20);
  assert.equal((await a.list())[0]?.messageCount, 20);
  await Promise.all([a.close(), b.close()]);
});

test('a URL that is not file: or :memory: is refused', async () => {
  for (const url of ['http://example.invalid/db', 'libsql://x', 'sessions.db', 'file:', 5]) {
    await assert.rejects(SqliteSessionStore.open({ url: url as string }), (e) =>
      InvalidOptionError.isInstance(e),
    );
  }
  // A folder that cannot be made (a file stands where it would go) is a SessionStoreError naming the URL.
  const blocker = join(root, 'a-file');
  await writeFile(blocker, '');
  await assert.rejects(
    SqliteSessionStore.open({ url: `file:${join(blocker, 'x.db')}` }),
    (e) => SessionStoreError.isInstance(e) && e.source.endsWith('x.db'),
  );
});

test('missing folders on the way to the database file are created, private (0700)', async () => {
  const path = join(root, 'new', 'deeper', 'sessions.db');
  const store = await SqliteSessionStore.open({ url: `file:${path}` });
  await store.append('s1', [user('m1', 'kept')]);
  await store.close();
  assert.equal((await stat(join(root, 'new'))).mode & 0o777, 0o700);
  assert.equal((await stat(join(root, 'new', 'deeper'))).mode & 0o777, 0o700);
  assert.equal((await stat(path)).mode & 0o777, 0o600);
  const reopened = await SqliteSessionStore.open({ url: `file:${path}` });
  assert.equal((await reopened.load('s1'))?.messages.length, 1);
  await reopened.close();
});

test('a tampered message row is refused, naming the database, the session and the row', async () => {
  const url = freshUrl();
  const store = await SqliteSessionStore.open({ url });
  await store.append('s1', [user('m1', 'a'), user('m2', 'b')]);
  const raw = createClient({ url });
  await raw.execute(
    `UPDATE messages SET body = replace(body, '"kind":"user"', '"kind":"robot"') WHERE seq = 1`,
  );
  await assert.rejects(store.load('s1'), (e) => {
    assert.ok(SessionStoreError.isInstance(e), String(e));
    assert.equal(e.source, url);
    assert.match(e.problem, /^session "s1" message row seq 1: messages\[1\]\.kind must be one of/);
    return true;
  });
  await raw.execute(`UPDATE messages SET body = '{not json' WHERE seq = 0`);
  await assert.rejects(
    store.load('s1'),
    (e) => SessionStoreError.isInstance(e) && /seq 0: not valid JSON/.test(e.problem),
  );
  raw.close();
  await store.close();
});

test('a database from a newer schema is refused', async () => {
  const url = freshUrl();
  await (await SqliteSessionStore.open({ url })).close();
  const raw = createClient({ url });
  await raw.execute('PRAGMA user_version = 2');
  raw.close();
  await assert.rejects(
    SqliteSessionStore.open({ url }),
    (e) =>
      SessionStoreError.isInstance(e) &&
      /schema version 2, newer than this kodama understands \(1\)/.test(e.problem),
  );
});
