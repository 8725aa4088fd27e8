import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelError, type ModelStreamPart, type RetryInfo } from '@kodama/models';
import { abortableDelay } from '../src/retry/abortable-delay.ts';
import { ProviderHttpError } from '../src/retry/provider-http-error.ts';
import { streamWithRetry } from '../src/retry/stream-with-retry.ts';
import { activeTimers } from './support/collect.ts';

const FINISH: ModelStreamPart = { type: 'finish', reason: 'stop' };
const ctx = { provider: 'unit', policy: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 } };

async function drain(iterable: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const p of iterable) parts.push(p);
  return parts;
}

test('retries a failure that happened before any part, then succeeds', async () => {
  let calls = 0;
  const retries: RetryInfo[] = [];
  const parts = await drain(
    streamWithRetry(
      async function* () {
        calls++;
        if (calls === 1) throw new ProviderHttpError(503, {}, 'busy');
        yield FINISH;
      },
      { onRetry: (i) => retries.push(i) },
      ctx,
    ),
  );
  assert.deepEqual(parts, [FINISH]);
  assert.equal(calls, 2);
  assert.equal(retries[0]?.attempt, 1);
  assert.equal(retries[0]?.status, 503);
});

test('never replays a stream that already yielded', async () => {
  let calls = 0;
  const run = drain(
    streamWithRetry(
      async function* () {
        calls++;
        yield { type: 'text-delta', text: 'half' };
        throw new TypeError('terminated');
      },
      {},
      ctx,
    ),
  );
  await assert.rejects(run, (e) => ModelError.isInstance(e));
  assert.equal(calls, 1);
});

test('an abort rejects with AbortError, never a ModelError', async () => {
  const controller = new AbortController();
  const run = drain(
    streamWithRetry(
      async function* (signal) {
        yield { type: 'text-delta', text: 'a' };
        controller.abort();
        throw signal?.reason;
      },
      { signal: controller.signal },
      ctx,
    ),
  );
  await assert.rejects(run, (e: Error) => e.name === 'AbortError' && !ModelError.isInstance(e));
});

test('abortableDelay rejects on abort and leaves no timer behind', async () => {
  const before = activeTimers();
  const controller = new AbortController();
  const wait = abortableDelay(600_000, controller.signal);
  assert.equal(activeTimers(), before + 1);
  controller.abort();
  await assert.rejects(wait, (e: Error) => e.name === 'AbortError');
  assert.equal(activeTimers(), before);
});
