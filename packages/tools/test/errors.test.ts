import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KodamaError } from '@kodama/core';
import { FetchError } from '@kodama/tools';
import { EngineUnavailableError } from '@kodama/tools/search';

test('FetchError and EngineUnavailableError are KodamaErrors that keep their fields', () => {
  const fetchError = new FetchError('http-status', 'HTTP 404', { status: 404, cause: 'x' });
  assert.ok(fetchError instanceof KodamaError);
  assert.deepEqual(
    [fetchError.name, fetchError.code, fetchError.kind, fetchError.status, fetchError.cause],
    ['FetchError', 'fetch-error', 'http-status', 404, 'x'],
  );
  const unavailable = new EngineUnavailableError('blocked', { blocked: true });
  assert.deepEqual(
    [unavailable.name, unavailable.code, unavailable.blocked],
    ['EngineUnavailableError', 'engine-unavailable-error', true],
  );
  assert.equal(new EngineUnavailableError('down').blocked, false);
  assert.ok(FetchError.isInstance(fetchError));
  assert.ok(!FetchError.isInstance(unavailable));
  assert.ok(EngineUnavailableError.isInstance(unavailable));
  assert.ok(!EngineUnavailableError.isInstance(new Error('blocked')));
});
