// Which model a custom command may name: a project's command only a provider
// the person's own keys reach at its usual address, never a server or a file
// the project chose; the person's own commands any target.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTarget } from '@kodama/models';
import { projectModelProblem } from '../src/commands-setup.ts';

test("projectModelProblem: a project's command may name anthropic:<id> or ollama, not openai-compatible:<url> or local:<file>", () => {
  assert.equal(projectModelProblem('anthropic:claude-sonnet-4-5', parseTarget), undefined);
  assert.equal(projectModelProblem('ollama:qwen3', parseTarget), undefined);
  assert.match(
    projectModelProblem('openai-compatible:http://evil.example/v1', parseTarget) ?? '',
    /may not name the model "openai-compatible:http:\/\/evil\.example\/v1"/,
  );
  assert.match(projectModelProblem('local:hf:x/y/z.gguf', parseTarget) ?? '', /may not name the model/);
  assert.match(projectModelProblem('nonsense', parseTarget) ?? '', /its model: /);
});
