// Per-turn file checkpoints on a real disk: what a turn changed is saved
// before the change, a restore plan shows the difference with the disk as it
// is now, applying it puts the bytes (or the absence) back, and the
// checkpoints survive a new FileCheckpoints over the same directory.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { applyRestore, describePlan, FileCheckpoints, planRestore } from '../src/internal.ts';

async function dirs() {
  const base = await mkdtemp(join(tmpdir(), 'kodama-cp-'));
  return { root: join(base, 'project'), store: join(base, 'checkpoints'), base };
}

test('a turn checkpoints each file once before it changes; undo puts back the bytes and removes created files', async () => {
  const { base, store } = await dirs();
  const a = join(base, 'a.txt');
  const made = join(base, 'made.txt');
  await writeFile(a, 'one\ntwo\n');
  const cp = new FileCheckpoints(store);
  await cp.open('s1');
  cp.begin('change things', 0);
  await cp.record(a);
  await writeFile(a, 'one\nTWO\n');
  await cp.record(a); // a second change in the same turn keeps the first state
  await writeFile(a, 'one\nTHREE\n');
  await cp.record(made);
  await writeFile(made, 'new\n');
  await cp.end('m1');
  assert.equal(cp.turns.length, 1);
  assert.deepEqual(
    cp.turns[0]?.files.map((f) => [f.path, f.before.kind]),
    [
      [a, 'file'],
      [made, 'absent'],
    ],
  );
  const plan = await planRestore(cp, cp.turns, base);
  assert.deepEqual(
    plan.steps.map((s) => [s.shown, s.summary]),
    [
      ['a.txt', 'restore (+1 -1)'],
      ['made.txt', 'delete (the agent created it)'],
    ],
  );
  assert.match(describePlan(plan), /@@ a\.txt: restore \(\+1 -1\)\n@@ -1,2 \+1,2 @@\n one\n-THREE\n\+two/);
  await applyRestore(cp, plan);
  assert.equal(await readFile(a, 'utf8'), 'one\ntwo\n');
  await assert.rejects(stat(made), { code: 'ENOENT' });
});

test('a turn that changed nothing leaves no checkpoint; checkpoints are read back by a new instance', async () => {
  const { base, store } = await dirs();
  const a = join(base, 'a.txt');
  await writeFile(a, 'v1');
  const cp = new FileCheckpoints(store);
  await cp.open('s1');
  cp.begin('just talk', 0);
  await cp.end('m0');
  cp.begin('first edit', 2);
  await cp.record(a);
  await writeFile(a, 'v2');
  await cp.end('m2');
  cp.begin('second edit', 6);
  await cp.record(a);
  await writeFile(a, 'v3');
  await cp.end('m6');
  const again = new FileCheckpoints(store);
  await again.open('s1');
  assert.deepEqual(
    again.turns.map((t) => [t.seq, t.prompt, t.userMessageId]),
    [
      [1, 'first edit', 'm2'],
      [2, 'second edit', 'm6'],
    ],
  );
  // Rewinding both turns restores the state before the earliest.
  await applyRestore(again, await planRestore(again, again.turns, base));
  assert.equal(await readFile(a, 'utf8'), 'v1');
  await again.drop([1, 2]);
  const third = new FileCheckpoints(store);
  await third.open('s1');
  assert.equal(third.turns.length, 0);
  await third.open('other');
  assert.equal(third.turns.length, 0);
});

test('a file already as it was is left out of the plan; a fork copies the checkpoints', async () => {
  const { base, store } = await dirs();
  const a = join(base, 'a.txt');
  await writeFile(a, 'same');
  const cp = new FileCheckpoints(store);
  await cp.open('s1');
  cp.begin('touch', 0);
  await cp.record(a);
  await cp.end('m0');
  assert.deepEqual((await planRestore(cp, cp.turns, base)).steps, []);
  await writeFile(a, 'changed');
  await cp.fork('s2');
  const forked = new FileCheckpoints(store);
  await forked.open('s2');
  assert.equal(forked.turns.length, 1);
  await applyRestore(forked, await planRestore(forked, forked.turns, base));
  assert.equal(await readFile(a, 'utf8'), 'same');
});
