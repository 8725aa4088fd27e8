// The observation a model reads when a tool throws: one `Error:` prefix, the class only when it says something.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { executeToolCall } from '../../src/entries/tool.ts';
import { defineTool, NONE, ToolError } from '../../src/index.ts';
import { failureText } from '../../src/tool/failure-text.ts';
import { testContext } from './context.ts';

function throwing(error: unknown) {
  return defineTool({
    name: 'thrower',
    description: 'throws',
    parameters: z.object({}),
    trifectaLegs: NONE,
    execute: () => {
      throw error;
    },
  });
}

async function observe(error: unknown): Promise<string> {
  const outcome = await executeToolCall(
    throwing(error),
    { id: 'c', name: 'thrower', arguments: '{}' },
    testContext(),
  );
  return String(outcome.result);
}

describe('failure text', () => {
  test('a plain Error reads "Error: <message>"', async () => {
    assert.equal(await observe(new Error('disk full')), 'Error: disk full');
  });

  test('another class reads "Error: <ClassName>: <message>"', async () => {
    assert.equal(await observe(new RangeError('too big')), 'Error: RangeError: too big');
    class QuotaError extends Error {
      override name = 'QuotaError';
    }
    assert.equal(await observe(new QuotaError('over')), 'Error: QuotaError: over');
  });

  test('never more than one "Error:" prefix', async () => {
    assert.equal(await observe(new Error('Error: Error: nested')), 'Error: nested');
    assert.equal(await observe(new TypeError('Error: x')), 'Error: TypeError: x');
    assert.equal(await observe('Error: a string'), 'Error: a string');
    const viaToolError = await executeToolCall(
      throwing(new ToolError('Error: no such file')),
      { id: 'c', name: 'thrower', arguments: '{}' },
      testContext(),
    );
    assert.equal(viaToolError.result, 'Error: no such file');
  });

  test('non-Error values', () => {
    assert.equal(failureText(42), 'Error: 42');
    assert.equal(failureText({ message: 'shaped like one' }), 'Error: shaped like one');
    assert.equal(failureText({ name: 'Custom', message: 'm' }), 'Error: Custom: m');
  });
});
