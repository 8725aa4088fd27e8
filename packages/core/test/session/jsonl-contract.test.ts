// The JSONL store against the shared SessionStore suite, each test in a fresh directory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { JsonlSessionStore } from '@kodama/core/session';
import { describeSessionStore } from '@kodama/testkit';

const root = await mkdtemp(join(tmpdir(), 'kodama-jsonl-contract-'));
after(() => rm(root, { recursive: true, force: true }));

let n = 0;
describeSessionStore(
  'JsonlSessionStore',
  (clock) => new JsonlSessionStore({ dir: join(root, `s${++n}`), clock }),
);
