import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KodamaError } from '@kodama/core';
import {
  MissingApiKeyError,
  ModelAuthError,
  ModelError,
  ModelServerUnreachableError,
  ModelTargetError,
  StreamIdleTimeoutError,
} from '@kodama/models';
import { ProviderHttpError } from '../src/retry/provider-http-error.ts';

/** One instance of every error class this package defines, built the way the package builds them. */
function samples(m: typeof import('../src/errors.ts')): KodamaError[] {
  return [
    new m.ModelTargetError('acme:x', 'unknown model provider "acme"'),
    new m.MissingApiKeyError('Anthropic', 'ANTHROPIC_API_KEY'),
    new m.ModelServerUnreachableError('http://127.0.0.1:1/v1', 'cannot reach'),
    new m.ModelAuthError('refused', { status: 401 }),
    new m.StreamIdleTimeoutError({ provider: 'acme', idleTimeoutMs: 60_000, midAnswer: true }),
  ];
}

test('each error says what it is: name is the class name, code its kebab case', async () => {
  const own = await import('../src/errors.ts');
  assert.deepEqual(
    samples(own).map((e) => [e.name, e.code]),
    [
      ['ModelTargetError', 'model-target-error'],
      ['MissingApiKeyError', 'missing-api-key-error'],
      ['ModelServerUnreachableError', 'model-server-unreachable-error'],
      ['ModelAuthError', 'model-auth-error'],
      ['StreamIdleTimeoutError', 'stream-idle-timeout-error'],
    ],
  );
  const http = new ProviderHttpError(503, {}, 'busy');
  assert.equal(http.code, 'provider-http-error');
  assert.ok(KodamaError.isInstance(http), 'the internal HTTP error is a KodamaError too');
});

test('isInstance recognises errors from another copy of the package, and only its own class', async () => {
  // A second module instance stands in for a second install of @kodama/models.
  const copy = (await import(`../src/errors.ts?copy=${Date.now()}`)) as typeof import('../src/errors.ts');
  assert.notEqual(copy.ModelAuthError, ModelAuthError);
  const classes = [
    ModelTargetError,
    MissingApiKeyError,
    ModelServerUnreachableError,
    ModelAuthError,
    StreamIdleTimeoutError,
  ];
  const foreign = samples(copy);
  for (const [i, error] of foreign.entries()) {
    assert.ok(!(error instanceof classes[i]!), 'instanceof cannot see across copies');
    assert.ok(ModelError.isInstance(error) && KodamaError.isInstance(error));
    for (const [j, cls] of classes.entries()) assert.equal(cls.isInstance(error), i === j, `${cls.name}`);
  }
  assert.equal(ModelAuthError.isInstance(new ModelError('plain')), false);
  assert.equal(ModelAuthError.isInstance({ name: 'ModelAuthError' }), false);
});
