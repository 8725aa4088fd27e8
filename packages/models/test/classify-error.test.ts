import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APICallError } from '@ai-sdk/provider';
import { ModelAuthError, ModelError } from '@kodama/models';
import { classifyError, isRetryableStatus } from '../src/retry/classify-error.ts';
import { ProviderHttpError } from '../src/retry/provider-http-error.ts';

const ctx = { provider: 'acme', authHint: 'set ACME_KEY or pick another --model' };

test('statuses: 408/409/429/5xx retry; 400/401/403/404 never', () => {
  for (const s of [408, 409, 429, 500, 502, 503, 529]) assert.equal(isRetryableStatus(s), true, String(s));
  for (const s of [400, 401, 403, 404, 422]) assert.equal(isRetryableStatus(s), false, String(s));
});

test('our HTTP errors carry status, retry-after and the body message', () => {
  const c = classifyError(
    new ProviderHttpError(429, { 'retry-after': '2' }, '{"error":{"message":"slow down"}}'),
    ctx,
  );
  assert.equal(c.error.status, 429);
  assert.equal(c.error.isRetryable, true);
  assert.equal(c.retryAfterMs, 2000);
  assert.equal(c.cause, 'HTTP 429');
  assert.match(c.error.message, /acme answered HTTP 429: slow down/);
});

test('401/403 become ModelAuthError with the hint', () => {
  const c = classifyError(
    new APICallError({ message: 'bad key', url: 'u', requestBodyValues: {}, statusCode: 403 }),
    ctx,
  );
  assert.ok(ModelAuthError.isInstance(c.error));
  assert.match(c.error.message, /ACME_KEY/);
  assert.equal(c.error.isRetryable, false);
});

test('connection resets and overloaded errors are retryable; other failures are not', () => {
  const reset = new TypeError('fetch failed', {
    cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
  });
  assert.equal(classifyError(reset, ctx).error.isRetryable, true);
  assert.equal(classifyError(reset, ctx).cause, 'ECONNRESET');
  assert.equal(classifyError(new Error('socket hang up'), ctx).error.isRetryable, true);
  const overloaded = classifyError({ type: 'overloaded_error', message: 'Overloaded' }, ctx);
  assert.equal(overloaded.error.isRetryable, true);
  assert.equal(overloaded.cause, 'overloaded');
  const refused = new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
  });
  assert.equal(classifyError(refused, ctx).error.isRetryable, false);
  assert.equal(classifyError(new Error('weird'), ctx).error.isRetryable, false);
});

test('a ModelError passes through unchanged', () => {
  const original = new ModelError('stream ended without a finish');
  assert.equal(classifyError(original, ctx).error, original);
});
