// isContextOverflow against the wordings providers really send, shaped the way
// @kodama/models hands them over (classifyError: "<provider> answered HTTP <status>:
// <error.message>", the raw error as cause), and against look-alikes it must refuse.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isContextOverflow } from '../../src/compaction/is-context-overflow.ts';
import { ModelError } from '../../src/errors/model-error.ts';

/** A ModelError as classifyError builds it from a non-2xx answer whose body is `body`. */
function httpError(provider: string, status: number, message: string, body = ''): ModelError {
  return new ModelError(`${provider} answered HTTP ${status}: ${message}`, {
    status,
    isRetryable: status === 429 || status >= 500,
    cause: { status, body },
  });
}

describe('isContextOverflow: provider wordings', () => {
  test('OpenAI Chat Completions: maximum context length, with its error code in the body', () => {
    const message =
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.";
    const body = JSON.stringify({
      error: { message, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' },
    });
    assert.equal(isContextOverflow(httpError('openai', 400, message, body)), true);
  });

  test('OpenAI: the code alone, when only the raw body carries it', () => {
    const body = JSON.stringify({
      error: { message: 'Invalid request.', type: 'invalid_request_error', code: 'context_length_exceeded' },
    });
    const error = httpError('openai', 400, 'Invalid request.', body);
    assert.equal(isContextOverflow(error), true);
    assert.equal(
      isContextOverflow(httpError('openai', 400, 'Invalid request.')),
      false,
      'not without the body',
    );
  });

  test('OpenAI Responses API stream error: input exceeds the context window', () => {
    const payload = {
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
      message: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
      param: 'input',
    };
    const error = new ModelError(`openai call failed: ${payload.type}: ${payload.message}`, {
      cause: payload,
    });
    assert.equal(isContextOverflow(error), true);
    assert.equal(isContextOverflow({ message: payload.message }), true, 'the sentence alone suffices');
  });

  test('vLLM, which copies the OpenAI sentence', () => {
    const message =
      "This model's maximum context length is 131072 tokens. However, you requested 351430 tokens. Please reduce the length of the messages or completion.";
    assert.equal(isContextOverflow(httpError('openai-compatible', 400, message)), true);
  });

  test('Anthropic: prompt is too long', () => {
    const error = httpError('anthropic', 400, 'prompt is too long: 209353 tokens > 199999 maximum');
    assert.equal(isContextOverflow(error), true);
  });

  test('Anthropic: input length and max_tokens exceed context limit', () => {
    const message =
      'input length and `max_tokens` exceed context limit: 189136 + 20000 > 204648, decrease input length or `max_tokens` and try again';
    assert.equal(isContextOverflow(httpError('anthropic', 400, message)), true);
  });

  test('Google Gemini: the input token count exceeds the maximum', () => {
    const message = 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).';
    assert.equal(isContextOverflow(httpError('google', 400, message)), true);
  });

  test('llama.cpp server today: request (N tokens) exceeds the available context size (M tokens)', () => {
    const message =
      'request (4390 tokens) exceeds the available context size (4096 tokens), try increasing it';
    const body = JSON.stringify({
      error: { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens: 4390, n_ctx: 4096 },
    });
    assert.equal(isContextOverflow(httpError('llamacpp', 400, message, body)), true);
  });

  test('llama.cpp server, older wordings', () => {
    for (const message of [
      'the request exceeds the available context size, try increasing it',
      'the request exceeds the available context size. try increasing the context size or enable context shift',
      'input (5000 tokens) is larger than the max context size (4096 tokens). skipping',
    ]) {
      assert.equal(isContextOverflow(httpError('llamacpp', 400, message)), true, message);
    }
  });

  test('llama.cpp error payload mid-stream, recognised by its type', () => {
    const payload = { code: 400, message: 'prompt rejected', type: 'exceed_context_size_error' };
    const error = new ModelError(`llamacpp call failed: ${payload.type}: ${payload.message}`, {
      cause: payload,
    });
    assert.equal(isContextOverflow(error), true);
  });

  test('llama.cpp HTTP 500: Context size has been exceeded', () => {
    const body = JSON.stringify({
      error: { code: 500, message: 'Context size has been exceeded.', type: 'server_error' },
    });
    assert.equal(
      isContextOverflow(httpError('llamacpp', 500, 'Context size has been exceeded.', body)),
      true,
    );
  });

  test('Ollama wordings', () => {
    for (const message of [
      'the input length exceeds the context length',
      'the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length',
      'input exceeds maximum context length and cannot be truncated further',
      "input length (5000 tokens) exceeds the model's maximum context length (4096 tokens)",
    ]) {
      assert.equal(isContextOverflow(httpError('ollama', 400, message)), true, message);
    }
  });

  test('a plain object with message, status and a cause chain, and a bare string', () => {
    const error = {
      message: 'request failed',
      status: 400,
      cause: { message: 'wrapped', cause: { message: 'prompt is too long: 300000 tokens > 200000 maximum' } },
    };
    assert.equal(isContextOverflow(error), true);
    assert.equal(isContextOverflow('prompt is too long: 300000 tokens > 200000 maximum'), true);
  });

  test('an error payload nested as { error: { ... } } or a string error field', () => {
    assert.equal(isContextOverflow({ error: { message: 'Context size has been exceeded.' } }), true);
    assert.equal(isContextOverflow({ data: { error: 'the input length exceeds the context length' } }), true);
  });
});

describe('isContextOverflow: look-alikes', () => {
  test('a 429 rate limit speaking of too many tokens is not an overflow', () => {
    const message =
      'Request too large for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Requested 45000. The input or output tokens must be reduced in order to run successfully.';
    const body = JSON.stringify({ error: { message, type: 'tokens', code: 'rate_limit_exceeded' } });
    assert.equal(isContextOverflow(httpError('openai', 429, message, body)), false);
  });

  test('a 429 is never an overflow, whatever its text says', () => {
    const error = httpError('openrouter', 429, "This model's maximum context length is 8192 tokens.");
    assert.equal(isContextOverflow(error), false);
  });

  test('a 500 and a testkit script exhaustion are not overflows', () => {
    assert.equal(isContextOverflow(httpError('anthropic', 500, 'Internal server error')), false);
    assert.equal(
      isContextOverflow(httpError('llamacpp', 500, 'testkit: script exhausted after 3 calls')),
      false,
    );
  });

  test('unrelated 400s: an output-token limit, a bad schema, a missing model', () => {
    for (const message of [
      'max_tokens: 10000 > 4096, which is the maximum allowed number of output tokens for claude-3-5-sonnet-20240620',
      "Invalid schema for function 'read': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      "model 'qwen3:14b' not found",
    ]) {
      assert.equal(isContextOverflow(httpError('any', 400, message)), false, message);
    }
  });

  test('values that are not errors, and a cyclic cause chain', () => {
    for (const value of [undefined, null, 42, {}, [], new Error('boom')]) {
      assert.equal(isContextOverflow(value), false);
    }
    const cyclic: { message: string; cause?: unknown } = { message: 'loop' };
    cyclic.cause = cyclic;
    assert.equal(isContextOverflow(cyclic), false);
  });
});
