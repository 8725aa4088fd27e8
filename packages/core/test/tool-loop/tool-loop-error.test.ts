import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KodamaError } from '../../src/errors/kodama-error.ts';
import { ToolLoopError } from '../../src/tool-loop/tool-loop-error.ts';

test('ToolLoopError names the tool and the count in words a user understands', () => {
  const error = new ToolLoopError('web_search', 4);
  assert.ok(KodamaError.isInstance(error));
  assert.ok(ToolLoopError.isInstance(error));
  assert.equal(error.name, 'ToolLoopError');
  assert.equal(error.code, 'tool-loop-error');
  assert.equal(error.toolName, 'web_search');
  assert.equal(error.repeats, 4);
  assert.equal(
    error.message,
    'The model was stuck in a loop: it called the tool "web_search" with the same arguments 4 times in a row, ' +
      'even after being told the result would not change, so the turn was stopped. ' +
      'Try rephrasing the request or giving it more to go on.',
  );
});
