// KeyedLock: one task at a time per key, in call order; keys independent; a
// failure does not block the next task; runAll takes several keys without deadlock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeyedLock } from '@kodama/core/session';

/** A promise the test settles by hand. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

test('tasks under one key run one at a time, in call order', async () => {
  const lock = new KeyedLock();
  const log: string[] = [];
  const first = gate();
  const a = lock.run('k', async () => {
    log.push('a start');
    await first.promise;
    log.push('a end');
  });
  const b = lock.run('k', async () => {
    log.push('b');
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(log, ['a start']);
  first.open();
  await Promise.all([a, b]);
  assert.deepEqual(log, ['a start', 'a end', 'b']);
});

test('different keys do not wait for each other', async () => {
  const lock = new KeyedLock();
  const held = gate();
  const slow = lock.run('x', () => held.promise);
  assert.equal(await lock.run('y', async () => 'y ran'), 'y ran');
  held.open();
  await slow;
});

test('a failing task rejects its caller only, and the next task runs', async () => {
  const lock = new KeyedLock();
  const failing = lock.run('k', async () => {
    throw new Error('boom');
  });
  const next = lock.run('k', async () => 'next');
  await assert.rejects(failing, /boom/);
  assert.equal(await next, 'next');
});

test('runAll holds every key from the call on, keeping its place in each queue', async () => {
  const lock = new KeyedLock();
  const log: string[] = [];
  const held = gate();
  const ab = lock.runAll(['a', 'b'], async () => {
    log.push('ab');
    await held.promise;
  });
  const ba = lock.runAll(['b', 'a'], async () => {
    log.push('ba');
  });
  const onlyB = lock.run('b', async () => {
    log.push('b');
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(log, ['ab']);
  held.open();
  await Promise.all([ab, ba, onlyB]);
  assert.deepEqual(log, ['ab', 'ba', 'b']);
  assert.equal(await lock.runAll(['same', 'same'], async () => 'one key once'), 'one key once');
});

test('idle resolves once every queued task has settled', async () => {
  const lock = new KeyedLock();
  const held = gate();
  let done = false;
  void lock.run('k', async () => {
    await held.promise;
    done = true;
  });
  const idle = lock.idle();
  held.open();
  await idle;
  assert.equal(done, true);
});
