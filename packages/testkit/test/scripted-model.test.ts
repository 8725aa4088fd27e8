import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelError } from '@kodama/core';
import type { ModelRequest, ModelStreamPart } from '@kodama/core/model';
import { ScriptedModel } from '../src/index.ts';

const request: ModelRequest = { system: 's', messages: [{ role: 'user', content: 'what is 17 * 23?' }] };

async function collect(iterable: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of iterable) parts.push(part);
  return parts;
}

/** Collects parts until the stream throws; returns both. */
async function collectUntilError(iterable: AsyncIterable<ModelStreamPart>) {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of iterable) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  assert.fail('the stream should have thrown');
}

test('yields the exact part sequence: reasoning, text, tool calls, usage, finish', async () => {
  const model = new ScriptedModel([
    {
      reasoning: 'think',
      text: 'calling',
      toolCalls: [
        { id: 'c1', name: 'calculator', arguments: { expression: '17 * 23' } },
        { name: 'bad', arguments: '{oops' },
      ],
      chunkSize: 4,
      usage: { inputTokens: 10, outputTokens: 5 },
    },
  ]);
  const parts = await collect(model.stream(request));
  assert.deepEqual(parts.slice(0, 4), [
    { type: 'reasoning-delta', text: 'thin' },
    { type: 'reasoning-delta', text: 'k' },
    { type: 'text-delta', text: 'call' },
    { type: 'text-delta', text: 'ing' },
  ]);
  assert.deepEqual(parts[4], { type: 'tool-call-start', id: 'c1', name: 'calculator' });
  const deltas1 = parts.filter((p) => p.type === 'tool-call-delta' && p.id === 'c1');
  assert.ok(deltas1.length > 1);
  const ends = parts.filter((p) => p.type === 'tool-call-end');
  assert.deepEqual(ends[0], {
    type: 'tool-call-end',
    call: { id: 'c1', name: 'calculator', arguments: '{"expression":"17 * 23"}' },
    input: { expression: '17 * 23' },
  });
  const bad = ends[1]!;
  assert.equal(bad.type === 'tool-call-end' && bad.call.id, 'call_1');
  assert.equal(bad.type === 'tool-call-end' && bad.input, undefined);
  assert.ok(bad.type === 'tool-call-end' && typeof bad.parseError === 'string');
  assert.deepEqual(parts.slice(-2), [
    {
      type: 'usage',
      usage: {
        inputTokens: 10,
        outputTokens: 5,
        cacheReadTokens: undefined,
        cacheWriteTokens: undefined,
        reasoningTokens: undefined,
      },
    },
    { type: 'finish', reason: 'tool-calls' },
  ]);
  assert.equal(parts.filter((p) => p.type === 'usage').length, 1);
});

test('a plain text answer finishes with stop and a default usage; finishReason maps and keeps the raw value', async () => {
  const model = new ScriptedModel([{ text: 'hi' }, { text: 'x', finishReason: 'max_tokens' }]);
  const parts = await collect(model.stream(request));
  assert.deepEqual(parts.at(-1), { type: 'finish', reason: 'stop' });
  const usage = parts.find((p) => p.type === 'usage');
  assert.ok(usage?.type === 'usage' && (usage.usage.inputTokens ?? 0) > 0 && usage.usage.outputTokens === 1);
  const second = await collect(model.stream(request));
  assert.deepEqual(second.at(-1), { type: 'finish', reason: 'length', rawReason: 'max_tokens' });
});

test('records every call as a deep copy and exposes provider, modelId, contextWindow', async () => {
  const model = new ScriptedModel([{ text: 'a' }], { provider: 'p', modelId: 'm', contextWindow: 1234 });
  const mutable = { messages: [{ role: 'user' as const, content: 'x' }] };
  await collect(model.stream(mutable));
  mutable.messages[0]!.content = 'changed';
  assert.deepEqual(model.calls, [{ messages: [{ role: 'user', content: 'x' }] }]);
  assert.equal(model.provider, 'p');
  assert.equal(model.modelId, 'm');
  assert.equal(model.specificationVersion, 'kodama.model.v1');
  assert.equal(await model.contextWindow(), 1234);
  assert.equal(await new ScriptedModel([]).contextWindow(), undefined);
});

test('http fault throws a ModelError with status and retryability', async () => {
  const model = new ScriptedModel([
    { fault: 'http', status: 429, retryAfterSeconds: 1 },
    { fault: 'http', status: 401 },
    { fault: 'http', status: 503 },
  ]);
  for (const [status, retryable] of [
    [429, true],
    [401, false],
    [503, true],
  ] as const) {
    const { parts, error } = await collectUntilError(model.stream(request));
    assert.deepEqual(parts, []);
    assert.ok(ModelError.isInstance(error));
    assert.equal(error.status, status);
    assert.equal(error.isRetryable, retryable);
  }
});

test('cut, no-finish and stream-error throw after yielding the parts before them', async () => {
  const model = new ScriptedModel([
    { fault: 'cut', answer: { text: 'abcdef', chunkSize: 2 }, afterEvents: 2 },
    { fault: 'no-finish', answer: { text: 'abcd', chunkSize: 2 } },
    {
      fault: 'stream-error',
      errorType: 'overloaded_error',
      answer: { text: 'abcd', chunkSize: 2 },
      afterEvents: 1,
    },
  ]);
  const cut = await collectUntilError(model.stream(request));
  assert.deepEqual(cut.parts, [
    { type: 'text-delta', text: 'ab' },
    { type: 'text-delta', text: 'cd' },
  ]);
  assert.ok(ModelError.isInstance(cut.error) && cut.error.isRetryable);
  const noFinish = await collectUntilError(model.stream(request));
  assert.deepEqual(
    noFinish.parts.map((p) => p.type),
    ['text-delta', 'text-delta'],
  );
  assert.ok(ModelError.isInstance(noFinish.error));
  const streamError = await collectUntilError(model.stream(request));
  assert.deepEqual(streamError.parts, [{ type: 'text-delta', text: 'ab' }]);
  assert.ok(ModelError.isInstance(streamError.error));
  assert.match(streamError.error.message, /overloaded_error/);
  assert.equal(streamError.error.isRetryable, true);
});

test('empty-choices throws a non-retryable ModelError', async () => {
  const { error } = await collectUntilError(new ScriptedModel([{ fault: 'empty-choices' }]).stream(request));
  assert.ok(ModelError.isInstance(error) && !error.isRetryable);
});

test('abort: a hang rejects with AbortError; an abort mid-stream stops the iteration', async () => {
  const model = new ScriptedModel([{ fault: 'hang' }, { text: 'abcdef', chunkSize: 1, chunkDelayMs: 1000 }]);
  const controller = new AbortController();
  const hang = collect(model.stream(request, { signal: controller.signal }));
  controller.abort();
  await assert.rejects(hang, { name: 'AbortError' });

  const second = new AbortController();
  const parts: ModelStreamPart[] = [];
  await assert.rejects(
    (async () => {
      for await (const part of model.stream(request, { signal: second.signal })) {
        parts.push(part);
        second.abort(); // the next part waits 1 s; the abort must cut that wait
      }
    })(),
    { name: 'AbortError' },
  );
  assert.deepEqual(parts, [{ type: 'text-delta', text: 'a' }]);
});

test('abort with a custom reason rejects with that reason; an already-aborted signal yields nothing', async () => {
  const model = new ScriptedModel([{ text: 'a', latencyMs: 1000 }, { text: 'b' }]);
  const controller = new AbortController();
  const reason = new DOMException('stop now', 'AbortError');
  const pending = collect(model.stream(request, { signal: controller.signal }));
  controller.abort(reason);
  await assert.rejects(pending, (error) => error === reason);
  await assert.rejects(collect(model.stream(request, { signal: AbortSignal.abort() })), {
    name: 'AbortError',
  });
});

test('exhaustion throws a clear error; assertDone throws while replies are left', async () => {
  const model = new ScriptedModel([{ text: 'one' }, { text: 'two' }]);
  await collect(model.stream(request));
  assert.throws(() => model.assertDone(), /ScriptedModel: 1 scripted reply left over/);
  await collect(model.stream(request));
  model.assertDone();
  await assert.rejects(collect(model.stream(request)), /ScriptedModel: script exhausted after 2 calls/);
  assert.equal(model.calls.length, 3);
});

test('a script function sees the request and its index', async () => {
  const model = new ScriptedModel((req) => ({
    text: `#${req.callIndex} ${(req.body as ModelRequest).system}`,
  }));
  const parts = await collect(model.stream(request));
  assert.deepEqual(parts[0], { type: 'text-delta', text: '#0 s' });
  model.assertDone();
});
