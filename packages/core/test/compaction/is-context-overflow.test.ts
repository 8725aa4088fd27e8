// isContextOverflow reads the fact a provider adapter set (ModelError kind 'context-overflow'), never
// a provider's wording: those wordings, and the look-alikes they must refuse, are tested where they
// now live, in @kodama/models (test/context-overflow.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isContextOverflow } from '../../src/compaction/is-context-overflow.ts';
import { ModelError } from '../../src/errors/model-error.ts';

describe('isContextOverflow: the typed kind', () => {
  test('a ModelError of kind context-overflow is one; its status does not matter', () => {
    assert.equal(isContextOverflow(new ModelError('too long', { kind: 'context-overflow' })), true);
    assert.equal(isContextOverflow(new ModelError('x', { status: 500, kind: 'context-overflow' })), true);
  });

  test('the kind anywhere along the cause chain counts (a wrapper around the adapter error)', () => {
    const inner = new ModelError('too long', { status: 400, kind: 'context-overflow' });
    assert.equal(isContextOverflow(new Error('the turn failed', { cause: inner })), true);
  });

  test('an object that says so structurally counts (another copy of kodama, a hand-written Model)', () => {
    assert.equal(isContextOverflow({ message: 'no room', kind: 'context-overflow' }), true);
    assert.equal(isContextOverflow({ cause: { kind: 'context-overflow' } }), true);
  });
});

describe('isContextOverflow: wording alone is not the fact', () => {
  test('a plain Error that merely mentions the context length is not one', () => {
    for (const message of [
      "This model's maximum context length is 8192 tokens.",
      'the input length exceeds the context length',
      'context_length_exceeded',
    ]) {
      assert.equal(isContextOverflow(new Error(message)), false, message);
    }
  });

  test('a ModelError without the kind is not one, whatever its message or cause say', () => {
    const body = JSON.stringify({ error: { code: 'context_length_exceeded' } });
    const error = new ModelError(
      'openai answered HTTP 400: prompt is too long: 209353 tokens > 199999 maximum',
      {
        status: 400,
        cause: { status: 400, body },
      },
    );
    assert.equal(isContextOverflow(error), false);
    assert.equal(isContextOverflow('prompt is too long: 300000 tokens > 200000 maximum'), false);
  });

  test('another kind value, values that are not errors, and a cyclic cause chain', () => {
    assert.equal(isContextOverflow({ kind: 'rate-limit' }), false);
    for (const value of [undefined, null, 42, {}, [], new Error('boom')]) {
      assert.equal(isContextOverflow(value), false);
    }
    const cyclic: { message: string; cause?: unknown } = { message: 'loop' };
    cyclic.cause = cyclic;
    assert.equal(isContextOverflow(cyclic), false);
  });
});
