// The shared error base: name, code, and isInstance that survives a second copy of the package.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DuplicateToolCallIdError } from '../../src/entries/loop.ts';
import { CancelledError, KodamaError, ModelError, StepLimitExceeded, ToolError } from '../../src/index.ts';

describe('KodamaError', () => {
  test('subclasses get their class name and a kebab-case code without declaring them', () => {
    const e = new DuplicateToolCallIdError('c1', 3);
    assert.equal(e.name, 'DuplicateToolCallIdError');
    assert.equal(e.code, 'duplicate-tool-call-id-error');
    assert.equal(String(e).startsWith('DuplicateToolCallIdError: '), true);
    assert.equal(new StepLimitExceeded(2).code, 'step-limit-exceeded');
  });

  test('isInstance follows the class hierarchy', () => {
    const dup = new DuplicateToolCallIdError('c1', 1);
    assert.ok(ModelError.isInstance(dup));
    assert.ok(KodamaError.isInstance(dup));
    assert.ok(DuplicateToolCallIdError.isInstance(dup));
    assert.equal(ToolError.isInstance(dup), false);
    assert.equal(DuplicateToolCallIdError.isInstance(new ModelError('x')), false, 'a parent is not a child');
    assert.equal(CancelledError.isInstance(new Error('x')), false);
    assert.equal(ModelError.isInstance(null), false);
    assert.equal(ModelError.isInstance('ModelError'), false);
  });

  test('isInstance recognises instances from another copy of the module; instanceof does not', async () => {
    const copy = (await import(`../../src/errors/model-error.ts?copy=${Date.now()}`)) as {
      ModelError: typeof ModelError;
    };
    const foreign = new copy.ModelError('from another install', { status: 503, isRetryable: true });
    assert.equal(foreign instanceof ModelError, false);
    assert.ok(ModelError.isInstance(foreign));
    assert.ok(KodamaError.isInstance(foreign));
    assert.equal(ToolError.isInstance(foreign), false);
    assert.equal(foreign.isRetryable, true);
  });

  test('a same-named class outside the kodama family is not mistaken for one', () => {
    class ModelErrorLookalike extends Error {}
    Object.defineProperty(ModelErrorLookalike, 'name', { value: 'ModelError' });
    assert.equal(ModelError.isInstance(new ModelErrorLookalike('x')), false);
  });
});
