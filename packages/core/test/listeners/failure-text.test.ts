import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failureText } from '../../src/entries/listeners.ts';
import { ModelError } from '../../src/index.ts';

test('a failure in words: a model error with its hint, from the error or its ErrorInfo alike; control sequences go', () => {
  const error = new ModelError('openai answered HTTP 500: \u001b[31mboom\u001b[0m; retry later');
  assert.equal(failureText(error), 'model call failed: openai answered HTTP 500: boom; retry later');
  // A failed run-end event carries only the ErrorInfo (a subclass's name included).
  const info = { name: 'ModelAuthError', code: 'model-auth-error', message: 'HTTP 401; set OPENAI_API_KEY' };
  assert.equal(failureText(info), 'model call failed: HTTP 401; set OPENAI_API_KEY');
  assert.equal(failureText(new TypeError('bad input')), 'TypeError: bad input');
  assert.equal(failureText('plain'), 'Error: plain');
});
