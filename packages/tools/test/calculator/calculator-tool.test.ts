import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NONE } from '@kodama/core';
import { calculatorTool } from '../../src/calculator/calculator-tool.ts';
import { runTool, text } from '../helpers/run-tool.ts';

describe('calculator tool', () => {
  const tool = calculatorTool();

  it('is named and described as in the seed, with no trifecta legs', () => {
    assert.equal(tool.name, 'calculator');
    assert.match(
      tool.description,
      /^Evaluates a basic arithmetic expression and returns the numeric result\.\n\nUsage:\n- /,
    );
    assert.deepEqual(tool.trifectaLegs, NONE);
    assert.deepEqual(Object.keys(tool.parameters.jsonSchema.properties as object), ['expression']);
  });

  it('answers through executeToolCall', async () => {
    const outcome = await runTool(tool, { expression: '2**100' });
    assert.deepEqual(outcome, { kind: 'ok', result: '1267650600228229401496703205376' });
  });

  it('reports bad expressions as Error observations', async () => {
    const outcome = await runTool(tool, { expression: '1 / 0' });
    assert.deepEqual(outcome, { kind: 'error', result: 'Error: division by zero' });
  });

  it('reports invalid arguments as Error observations', async () => {
    const missing = await runTool(tool, {});
    assert.equal(missing.kind, 'error');
    assert.match(text(missing), /^Error: invalid arguments for calculator: .*expression/);
    const wrongType = await runTool(tool, { expression: 42 });
    assert.equal(wrongType.kind, 'error');
  });
});
