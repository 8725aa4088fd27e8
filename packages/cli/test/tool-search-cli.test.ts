// --tool-search and the toolSearch configuration key: parsed, validated, and a
// project file may turn it on (it changes how the same tools reach the model).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAsk } from '../src/ask-args.ts';
import { narrowedConfig, validateConfig } from '../src/config.ts';

test('--tool-search turns tool search on; without it the configuration decides', () => {
  assert.equal(parseAsk(['--tool-search', 'hi']).toolSearch, true);
  assert.equal(parseAsk(['hi']).toolSearch, undefined);
  assert.equal(parseAsk(['--code-mode', '--tool-search', 'hi']).codeMode, true);
});

test('toolSearch must be a boolean; a project may set it', () => {
  assert.deepEqual(validateConfig('c.json', { toolSearch: true }), { toolSearch: true });
  assert.throws(() => validateConfig('c.json', { toolSearch: 'yes' }), /"toolSearch" must be true or false/);
  assert.equal(narrowedConfig({ toolSearch: true }, [], {}).toolSearch, true);
  assert.equal(
    narrowedConfig({ codeMode: true }, [], {}).codeMode,
    undefined,
    'code mode still is a widening',
  );
});
