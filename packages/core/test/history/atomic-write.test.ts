import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { History } from '@kodama/core';
import { writeFileAtomic } from '../../src/history/atomic-write.ts';
import { NEWER } from './crash-save.fixture.ts';
import { SAMPLE } from './sample.ts';

const root = await mkdtemp(join(tmpdir(), 'kodama-history-atomic-'));
after(() => rm(root, { recursive: true, force: true }));
let counter = 0;
const fresh = (name: string) => join(root, `${++counter}-${name}`);
const CHILD = fileURLToPath(new URL('./crash-save.child.ts', import.meta.url));

/** Runs the crashing child against `target` and checks it really died by SIGKILL. */
function crashWhileSaving(layout: 'file' | 'folder', target: string): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', CHILD, layout, target], { encoding: 'utf8' });
  assert.equal(run.signal, 'SIGKILL', `child did not crash as planned: status ${run.status}, ${run.stderr}`);
}

describe('writeFileAtomic', () => {
  test('replaces the file and leaves no temp file behind', async () => {
    const path = `${fresh('plain')}.txt`;
    await writeFileAtomic(path, 'first');
    await writeFileAtomic(path, new TextEncoder().encode('second'));
    assert.equal(await readFile(path, 'utf8'), 'second');
    assert.deepEqual(
      (await readdir(root)).filter((n) => n.endsWith('.tmp')),
      [],
    );
  });

  test('a failure before the rename keeps the old file and removes the temp file', async () => {
    const path = `${fresh('fail')}.json`;
    await writeFile(path, 'old');
    await assert.rejects(
      writeFileAtomic(path, 'new', {
        beforeRename: () => {
          throw new Error('disk pulled');
        },
      }),
      /disk pulled/,
    );
    assert.equal(await readFile(path, 'utf8'), 'old');
    assert.deepEqual(
      (await readdir(root)).filter((n) => n.includes('fail.json.')),
      [],
    );
  });
});

describe('a crash mid-save', () => {
  test('single file: the old document still parses, the new one sits only in a temp file', async () => {
    const path = `${fresh('conv')}.json`;
    const old = new History(SAMPLE);
    await old.save(path);
    crashWhileSaving('file', path);
    assert.ok((await History.load(path)).equals(old));
    const leftovers = (await readdir(root)).filter(
      (n) => n.endsWith('.tmp') && n.includes(`${counter}-conv.json`),
    );
    assert.equal(leftovers.length, 1, 'the crash happened after the temp file was written');
    assert.ok(History.parse(await readFile(join(root, leftovers[0]!))).equals(new History(NEWER)));
  });

  test('folder: attachments may be new, history.json is still the old one and loads', async () => {
    const dir = fresh('conv');
    const old = new History(SAMPLE);
    await old.save(dir);
    crashWhileSaving('folder', dir);
    assert.equal((await readdir(join(dir, 'attachments'))).length, 2, 'the new attachment was written first');
    assert.ok((await History.load(dir)).equals(old));
    const next = new History(NEWER);
    await next.save(dir);
    assert.ok((await History.load(dir)).equals(next), 'a later save recovers');
  });
});
