import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRetryAfter } from '../src/retry/retry-after.ts';
import { backoffDelay } from '../src/retry/retry-policy.ts';

test('parseRetryAfter prefers retry-after-ms, then seconds, then an HTTP date', () => {
  assert.equal(parseRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' })), 250);
  assert.equal(parseRetryAfter(new Headers({ 'retry-after': '3' })), 3000);
  const now = Date.parse('2025-01-01T00:00:00Z');
  assert.equal(parseRetryAfter({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' }, now), 5000);
  assert.equal(
    parseRetryAfter({ 'retry-after': 'Tue, 31 Dec 2024 00:00:00 GMT' }, now),
    0,
    'past date: no wait',
  );
  assert.equal(parseRetryAfter({ 'retry-after': 'soon' }), undefined);
  assert.equal(parseRetryAfter(undefined), undefined);
});

test('backoffDelay: full jitter under an exponential ceiling, capped', () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
  assert.equal(
    backoffDelay(1, policy, undefined, () => 1),
    100,
  );
  assert.equal(
    backoffDelay(3, policy, undefined, () => 1),
    400,
  );
  assert.equal(
    backoffDelay(3, policy, undefined, () => 0.5),
    200,
  );
  assert.equal(
    backoffDelay(10, policy, undefined, () => 1),
    1000,
    'capped',
  );
  assert.equal(
    backoffDelay(1, policy, undefined, () => 0),
    0,
  );
});

test('backoffDelay: a server Retry-After replaces jitter but stays under the cap', () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
  assert.equal(
    backoffDelay(1, policy, 700, () => 0),
    700,
  );
  assert.equal(
    backoffDelay(1, policy, 60_000, () => 0),
    1000,
  );
});
