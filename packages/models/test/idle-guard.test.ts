import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { InvalidOptionError } from '@kodama/core';
import { DEFAULT_IDLE_TIMEOUT_MS, StreamIdleTimeoutError } from '@kodama/models';
import { IdleGuard } from '../src/idle/idle-guard.ts';
import { idleTimeoutOf } from '../src/idle/idle-timeout.ts';
import { activeTimers } from './support/collect.ts';

// Timers expire in order, so a sleep started after the guard's shorter timer
// ends only once that timer has run: no test here depends on machine speed.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('one timer per request, cleared by stop', () => {
  const before = activeTimers();
  const guard = new IdleGuard(undefined, 60_000);
  assert.equal(activeTimers(), before + 1);
  for (let i = 0; i < 100; i++) {
    guard.waiting();
    guard.received();
  }
  assert.equal(activeTimers(), before + 1, 'chunks do not add timers');
  guard.stop();
  assert.equal(activeTimers(), before);
});

test('a wait that lasts the timeout aborts the request; the error names the timeout', async () => {
  const before = activeTimers();
  const guard = new IdleGuard(undefined, 30);
  await once(guard.signal, 'abort');
  assert.equal(guard.timedOut, true);
  assert.equal(activeTimers(), before, 'a fired guard keeps no timer');
  const error = guard.error(new Error('aborted'), true, 'llamacpp');
  assert.ok(StreamIdleTimeoutError.isInstance(error));
  assert.equal(error.midAnswer, true);
  assert.equal(error.isRetryable, true);
  assert.match(error.message, /^no data from llamacpp for 0\.03 s in the middle of the answer/);
  assert.match(error.message, /raise idleTimeoutMs/);
  guard.stop();
});

test('time the consumer holds a part is not idle time, and leaves no timer behind', async () => {
  const before = activeTimers();
  const guard = new IdleGuard(undefined, 20);
  guard.received(); // a part went to the consumer, which now takes its time
  await sleep(60);
  assert.equal(guard.signal.aborted, false);
  assert.equal(activeTimers(), before, 'not re-armed while nothing is awaited (an abandoned stream)');
  guard.waiting(); // the next read starts the clock again
  assert.equal(activeTimers(), before + 1);
  await once(guard.signal, 'abort');
  guard.stop();
});

test("the caller's abort is forwarded and wins over a timeout", async () => {
  const caller = new AbortController();
  const guard = new IdleGuard(caller.signal, 60_000);
  const reason = new Error('user cancelled');
  caller.abort(reason);
  assert.equal(guard.signal.reason, reason);
  const original = new Error('x');
  assert.equal(guard.error(original, false, 'p'), original);
  guard.stop();
  const already = new IdleGuard(caller.signal, 60_000);
  assert.equal(already.signal.aborted, true);
  already.stop();
});

test('idleTimeoutMs: default 60 s, Infinity turns it off, anything not positive is refused', () => {
  assert.equal(DEFAULT_IDLE_TIMEOUT_MS, 60_000);
  assert.equal(idleTimeoutOf(undefined), 60_000);
  assert.equal(idleTimeoutOf(undefined, 600_000), 600_000);
  assert.equal(idleTimeoutOf(250), 250);
  const before = activeTimers();
  const off = new IdleGuard(undefined, idleTimeoutOf(Number.POSITIVE_INFINITY));
  off.waiting();
  assert.equal(activeTimers(), before, 'no timer at all when turned off');
  off.stop();
  for (const bad of [0, -1, Number.NaN]) {
    assert.throws(
      () => idleTimeoutOf(bad),
      (e: Error) => InvalidOptionError.isInstance(e) && /idleTimeoutMs/.test(e.message),
    );
  }
});
