// The SQLite store against the shared SessionStore suite: once in memory, once
// on a file (WAL mode), each test with a fresh database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { SqliteSessionStore } from '@kodama/sqlite';
import { describeSessionStore } from '@kodama/testkit';

const root = await mkdtemp(join(tmpdir(), 'kodama-sqlite-contract-'));
after(() => rm(root, { recursive: true, force: true }));

describeSessionStore('SqliteSessionStore (:memory:)', (clock) =>
  SqliteSessionStore.open({ url: ':memory:', clock }),
);

let n = 0;
describeSessionStore('SqliteSessionStore (file, WAL)', (clock) =>
  SqliteSessionStore.open({ url: `file:${join(root, `s${++n}.db`)}`, clock }),
);
