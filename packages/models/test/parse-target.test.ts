import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelError, ModelTargetError, parseTarget } from '@kodama/models';

test('hosted and local targets', () => {
  assert.deepEqual(parseTarget('openai:gpt-4o'), { provider: 'openai', modelId: 'gpt-4o' });
  assert.deepEqual(parseTarget('anthropic:claude-sonnet-4-5'), {
    provider: 'anthropic',
    modelId: 'claude-sonnet-4-5',
  });
  assert.deepEqual(parseTarget('google:gemini-2.5-pro'), { provider: 'google', modelId: 'gemini-2.5-pro' });
  assert.deepEqual(parseTarget('openrouter:meta-llama/llama-3.1-8b'), {
    provider: 'openrouter',
    modelId: 'meta-llama/llama-3.1-8b',
  });
  assert.deepEqual(parseTarget('ollama:qwen3:8b'), { provider: 'ollama', modelId: 'qwen3:8b' });
  assert.deepEqual(parseTarget('llamacpp'), { provider: 'llamacpp' });
  assert.deepEqual(parseTarget('llamacpp:gemma'), { provider: 'llamacpp', modelId: 'gemma' });
  assert.deepEqual(parseTarget('lmstudio:qwen'), { provider: 'lmstudio', modelId: 'qwen' });
});

test('openai-compatible URLs, with and without @<model id>', () => {
  assert.deepEqual(parseTarget('openai-compatible:http://127.0.0.1:8080/v1'), {
    provider: 'openai-compatible',
    baseURL: 'http://127.0.0.1:8080/v1',
  });
  assert.deepEqual(parseTarget('openai-compatible:http://127.0.0.1:8080/v1/@org/model@q4'), {
    provider: 'openai-compatible',
    baseURL: 'http://127.0.0.1:8080/v1/@org/model',
    modelId: 'q4',
  });
  assert.deepEqual(parseTarget('openai-compatible:https://host/v1@meta-llama/Llama-3'), {
    provider: 'openai-compatible',
    baseURL: 'https://host/v1',
    modelId: 'meta-llama/Llama-3',
  });
});

test('bad targets throw ModelTargetError naming the fix', () => {
  const cases: [string, RegExp][] = [
    ['', /empty model target/],
    ['gpt-4o', /has no provider.*openai:gpt-4o/],
    ['acme:model', /unknown model provider "acme".*known providers/],
    ['openai:', /names no model/],
    ['openrouter:gpt-4o', /vendor\/model/],
    ['openai-compatible:localhost', /base URL/],
    ['openai-compatible:http://127.0.0.1:8080/v1@', /names no model/],
  ];
  for (const [target, pattern] of cases) {
    assert.throws(
      () => parseTarget(target),
      (e: Error) => ModelTargetError.isInstance(e) && ModelError.isInstance(e) && pattern.test(e.message),
      target,
    );
  }
});
