// Provider wordings of "the request does not fit the context window", as the adapters receive them
// (an AI SDK APICallError, kodama's own ProviderHttpError, a mid-stream error payload), become a
// ModelError of kind 'context-overflow' (the fact core's isContextOverflow reads), and look-alikes do not.
// Moved here from core's is-context-overflow test with the wordings themselves (same cases).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { APICallError } from '@ai-sdk/provider';
import type { ModelError } from '@kodama/core';
import { isContextOverflow } from '@kodama/core/compaction';
import { classifyError } from '../src/retry/classify-error.ts';
import { saysContextOverflow } from '../src/retry/context-overflow.ts';
import { ProviderHttpError } from '../src/retry/provider-http-error.ts';

const ctx = { provider: 'acme' };

/** What an AI SDK provider (openai, anthropic, google) throws for a non-2xx answer, classified. */
function viaAiSdk(status: number, message: string, responseBody?: string): ModelError {
  const error = new APICallError({
    message,
    url: 'u',
    requestBodyValues: {},
    statusCode: status,
    responseBody,
  });
  return classifyError(error, ctx).error;
}

/** What kodama's lean OpenAI-compatible adapter throws for a non-2xx answer, classified. */
function viaHttp(status: number, body: string): ModelError {
  return classifyError(new ProviderHttpError(status, {}, body), ctx).error;
}

function assertOverflow(error: ModelError, label?: string): void {
  assert.equal(error.kind, 'context-overflow', label ?? error.message);
  assert.equal(isContextOverflow(error), true, label ?? error.message);
  assert.equal(error.isRetryable, false, 'the same request never fits later');
}

function assertNoOverflow(error: ModelError, label?: string): void {
  assert.equal(error.kind, undefined, label ?? error.message);
  assert.equal(isContextOverflow(error), false, label ?? error.message);
}

describe('context overflow: provider wordings become the typed kind', () => {
  test('OpenAI Chat Completions: maximum context length, with its error code in the body', () => {
    const message =
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.";
    const body = JSON.stringify({
      error: { message, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' },
    });
    assertOverflow(viaAiSdk(400, message, body));
    assertOverflow(viaHttp(400, body));
  });

  test('OpenAI: the code alone, when only the raw body carries it', () => {
    const body = JSON.stringify({
      error: { message: 'Invalid request.', type: 'invalid_request_error', code: 'context_length_exceeded' },
    });
    assertOverflow(viaAiSdk(400, 'Invalid request.', body));
    assertNoOverflow(viaAiSdk(400, 'Invalid request.'), 'not without the body');
  });

  test('OpenAI Responses API stream error: input exceeds the context window', () => {
    const payload = {
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
      message: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
      param: 'input',
    };
    assertOverflow(classifyError(payload, ctx).error);
    assertOverflow(classifyError({ message: payload.message }, ctx).error, 'the sentence alone suffices');
  });

  test('vLLM, which copies the OpenAI sentence', () => {
    const message =
      "This model's maximum context length is 131072 tokens. However, you requested 351430 tokens. Please reduce the length of the messages or completion.";
    assertOverflow(viaHttp(400, JSON.stringify({ error: { message } })));
  });

  test('Anthropic: prompt is too long', () => {
    assertOverflow(viaAiSdk(400, 'prompt is too long: 209353 tokens > 199999 maximum'));
  });

  test('Anthropic: input length and max_tokens exceed context limit', () => {
    const message =
      'input length and `max_tokens` exceed context limit: 189136 + 20000 > 204648, decrease input length or `max_tokens` and try again';
    assertOverflow(viaAiSdk(400, message));
  });

  test('Google Gemini: the input token count exceeds the maximum', () => {
    const message = 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).';
    assertOverflow(viaAiSdk(400, message));
  });

  test('llama.cpp server today: request (N tokens) exceeds the available context size (M tokens)', () => {
    const message =
      'request (4390 tokens) exceeds the available context size (4096 tokens), try increasing it';
    const body = JSON.stringify({
      error: { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens: 4390, n_ctx: 4096 },
    });
    assertOverflow(viaHttp(400, body));
  });

  test('llama.cpp server, older wordings', () => {
    for (const message of [
      'the request exceeds the available context size, try increasing it',
      'the request exceeds the available context size. try increasing the context size or enable context shift',
      'input (5000 tokens) is larger than the max context size (4096 tokens). skipping',
    ]) {
      assertOverflow(viaHttp(400, JSON.stringify({ error: { code: 400, message } })), message);
    }
  });

  test('llama.cpp error payload mid-stream, recognised by its type', () => {
    const payload = { code: 400, message: 'prompt rejected', type: 'exceed_context_size_error' };
    assertOverflow(classifyError(payload, ctx).error);
  });

  test('llama.cpp HTTP 500: Context size has been exceeded (not retried: it never fits later)', () => {
    const body = JSON.stringify({
      error: { code: 500, message: 'Context size has been exceeded.', type: 'server_error' },
    });
    assertOverflow(viaHttp(500, body));
  });

  test('Ollama wordings', () => {
    for (const message of [
      'the input length exceeds the context length',
      'the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length',
      'input exceeds maximum context length and cannot be truncated further',
      "input length (5000 tokens) exceeds the model's maximum context length (4096 tokens)",
    ]) {
      assertOverflow(viaHttp(400, JSON.stringify({ error: message })), message);
    }
  });

  test('a plain object with message, status and a cause chain, and a bare string', () => {
    const error = {
      message: 'request failed',
      status: 400,
      cause: { message: 'wrapped', cause: { message: 'prompt is too long: 300000 tokens > 200000 maximum' } },
    };
    assert.equal(saysContextOverflow(error), true);
    assert.equal(saysContextOverflow('prompt is too long: 300000 tokens > 200000 maximum'), true);
    assertOverflow(classifyError('prompt is too long: 300000 tokens > 200000 maximum', ctx).error);
  });

  test('an error payload nested as { error: { ... } } or a string error field', () => {
    assert.equal(saysContextOverflow({ error: { message: 'Context size has been exceeded.' } }), true);
    assert.equal(
      saysContextOverflow({ data: { error: 'the input length exceeds the context length' } }),
      true,
    );
  });
});

describe('context overflow: look-alikes keep no kind', () => {
  test('a 429 rate limit speaking of too many tokens is not an overflow', () => {
    const message =
      'Request too large for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Requested 45000. The input or output tokens must be reduced in order to run successfully.';
    const body = JSON.stringify({ error: { message, type: 'tokens', code: 'rate_limit_exceeded' } });
    const error = viaHttp(429, body);
    assertNoOverflow(error);
    assert.equal(error.isRetryable, true);
  });

  test('a 429 is never an overflow, whatever its text says', () => {
    assertNoOverflow(viaAiSdk(429, "This model's maximum context length is 8192 tokens."));
  });

  test('a 500 and a testkit script exhaustion are not overflows', () => {
    assertNoOverflow(viaAiSdk(500, 'Internal server error'));
    assertNoOverflow(
      viaHttp(500, JSON.stringify({ error: { message: 'testkit: script exhausted after 3 calls' } })),
    );
  });

  test('unrelated 400s: an output-token limit, a bad schema, a missing model', () => {
    for (const message of [
      'max_tokens: 10000 > 4096, which is the maximum allowed number of output tokens for claude-3-5-sonnet-20240620',
      "Invalid schema for function 'read': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      "model 'qwen3:14b' not found",
    ]) {
      assertNoOverflow(viaAiSdk(400, message), message);
    }
  });

  test('values that are not errors, and a cyclic cause chain', () => {
    for (const value of [undefined, null, 42, {}, [], new Error('boom')]) {
      assert.equal(saysContextOverflow(value), false);
    }
    const cyclic: { message: string; cause?: unknown } = { message: 'loop' };
    cyclic.cause = cyclic;
    assert.equal(saysContextOverflow(cyclic), false);
  });
});
