// The memory database's file: made private, with its missing folders, so the
// documented `file:~/.local/share/kodama/memory.db` works on a fresh machine.
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { LibsqlMemoryStore, MemoryDatabase, MemoryStoreError } from '@kodama/memory';

const root = await mkdtemp(join(tmpdir(), 'kodama-memory-db-'));
after(() => rm(root, { recursive: true, force: true }));

test('missing folders on the way to the database file are created, private (0700), and it reopens', async () => {
  const path = join(root, 'new', 'deeper', 'memory.db');
  const db = await MemoryDatabase.open({ url: `file:${path}` });
  const store = await LibsqlMemoryStore.open({ db });
  await store.add('ana', 'Prefers tabs over spaces.', 'cli');
  db.close();
  assert.equal((await stat(join(root, 'new'))).mode & 0o777, 0o700);
  assert.equal((await stat(join(root, 'new', 'deeper'))).mode & 0o777, 0o700);
  assert.equal((await stat(path)).mode & 0o777, 0o600);

  const again = await MemoryDatabase.open({ url: `file:${path}` });
  const reopened = await LibsqlMemoryStore.open({ db: again });
  assert.deepEqual(
    (await reopened.list('ana')).map((m) => m.text),
    ['Prefers tabs over spaces.'],
  );
  again.close();
});

test('a folder that cannot be made (a file stands where it would go) is a MemoryStoreError naming the URL', async () => {
  const blocker = join(root, 'a-file');
  await writeFile(blocker, '');
  const url = `file:${join(blocker, 'memory.db')}`;
  await assert.rejects(
    MemoryDatabase.open({ url }),
    (e) => MemoryStoreError.isInstance(e) && e.url === url && /cannot open/.test(e.message),
  );
});
