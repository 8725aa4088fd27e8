import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KodamaError } from '@kodama/core';
import {
  PathRefusedError,
  RipgrepNotFoundError,
  SandboxUnavailableError,
  WorkspaceError,
} from '../src/index.ts';

test('workspace errors are KodamaErrors named after their class, each recognised only by its own isInstance', () => {
  const classes = [WorkspaceError, PathRefusedError, SandboxUnavailableError, RipgrepNotFoundError];
  const codes = [
    'workspace-error',
    'path-refused-error',
    'sandbox-unavailable-error',
    'ripgrep-not-found-error',
  ];
  classes.forEach((Class, i) => {
    const error = new Class('why', { cause: 'root cause' });
    assert.ok(error instanceof KodamaError);
    assert.equal(error.name, Class.name);
    assert.equal(error.code, codes[i]);
    assert.equal(error.message, 'why');
    assert.equal(error.cause, 'root cause');
    assert.equal(String(error), `${Class.name}: why`);
    for (const [j, Other] of classes.entries()) {
      assert.equal(Other.isInstance(error), i === j, `${Other.name} on ${Class.name}`);
    }
  });
});
