// The end-to-end contract every adapter must keep, run against a real
// testkit server over HTTP through the real provider packages.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { type Model, ModelAuthError, ModelError, type RetryInfo, type ToolCallEndPart } from '@kodama/models';
import type { Script, ScriptedServer } from '@kodama/testkit';
import { activeTimers, collect, HELLO, textOf } from './collect.ts';

/** How a suite reaches one adapter. */
export interface SuiteTarget {
  readonly name: string;
  /** Starts a scripted server of the right dialect. */
  start(script: Script): Promise<ScriptedServer>;
  /** Resolves a model against it; `retry` overrides the fast test policy. */
  model(server: ScriptedServer, retry?: { baseDelayMs?: number; maxDelayMs?: number }): Promise<Model>;
  /** Env var a 401 message must name. */
  readonly keyVar: string;
  /** Whether the dialect can send an empty choice list (OpenAI only). */
  readonly emptyChoices: boolean;
}

async function expectModelError(run: Promise<unknown>, pattern: RegExp): Promise<ModelError> {
  const error = await run.then(
    () => assert.fail('expected a ModelError'),
    (e: unknown) => e,
  );
  assert.ok(ModelError.isInstance(error), `not a ModelError: ${String(error)}`);
  assert.match((error as Error).message, pattern);
  return error as ModelError;
}

/** Registers the shared stream tests for `target`. */
export function streamSuite(target: SuiteTarget): void {
  describe(`${target.name}: streaming over HTTP`, () => {
    const servers: ScriptedServer[] = [];
    after(() => Promise.all(servers.map((s) => s.close())));
    async function setup(script: Script, retry?: { baseDelayMs?: number; maxDelayMs?: number }) {
      const server = await target.start(script);
      servers.push(server);
      return { server, model: await target.model(server, retry) };
    }

    test('streams text deltas, then usage, then finish', async () => {
      const { model } = await setup([{ text: 'The quick brown fox.', chunkSize: 3 }]);
      const parts = await collect(model);
      assert.equal(textOf(parts), 'The quick brown fox.');
      assert.ok(parts.filter((p) => p.type === 'text-delta').length >= 5);
      assert.deepEqual(
        parts.slice(-2).map((p) => p.type),
        ['usage', 'finish'],
      );
      const finish = parts.at(-1);
      assert.equal(finish?.type === 'finish' && finish.reason, 'stop');
    });

    test('a tool call whose arguments were split across chunks arrives whole and parsed', async () => {
      const args = { path: 'src/index.ts', limit: 40 };
      const { model } = await setup([
        { toolCalls: [{ id: 'call_a', name: 'read', arguments: args }], chunkSize: 4 },
      ]);
      const parts = await collect(model);
      const deltas = parts.filter((p) => p.type === 'tool-call-delta');
      assert.ok(deltas.length > 3, 'arguments came in several deltas');
      assert.equal(deltas.map((d) => d.argumentsDelta).join(''), JSON.stringify(args));
      const start = parts.find((p) => p.type === 'tool-call-start');
      assert.deepEqual(start, { type: 'tool-call-start', id: 'call_a', name: 'read' });
      const end = parts.find((p) => p.type === 'tool-call-end') as ToolCallEndPart;
      assert.deepEqual(end.call, { id: 'call_a', name: 'read', arguments: JSON.stringify(args) });
      assert.deepEqual(end.input, args);
      assert.equal(end.parseError, undefined);
      const finish = parts.at(-1);
      assert.equal(finish?.type === 'finish' && finish.reason, 'tool-calls');
    });

    test('two tool calls in one response keep their order and ids', async () => {
      const { model } = await setup([
        {
          text: 'Reading both.',
          toolCalls: [
            { id: 'c1', name: 'read', arguments: { path: 'a' } },
            { id: 'c2', name: 'grep', arguments: { pattern: 'x' } },
          ],
        },
      ]);
      const parts = await collect(model);
      const ends = parts.filter((p) => p.type === 'tool-call-end');
      assert.deepEqual(
        ends.map((e) => [e.call.id, e.call.name, e.input]),
        [
          ['c1', 'read', { path: 'a' }],
          ['c2', 'grep', { pattern: 'x' }],
        ],
      );
      assert.equal(textOf(parts), 'Reading both.');
    });

    test('usage is normalized, cache and reasoning tokens included', async () => {
      const usage = {
        inputTokens: 120,
        outputTokens: 30,
        cacheReadTokens: 50,
        cacheWriteTokens: 20,
        reasoningTokens: 7,
      };
      const { model } = await setup([{ text: 'ok', usage }]);
      const part = (await collect(model)).find((p) => p.type === 'usage');
      assert.ok(part?.type === 'usage');
      assert.equal(part.usage.inputTokens, 120);
      assert.equal(part.usage.outputTokens, 30);
      assert.equal(part.usage.cacheReadTokens, 50);
      // Each wire carries what it can; a field it cannot carry is undefined, never a guessed 0.
      if (target.name.startsWith('anthropic')) {
        assert.equal(part.usage.cacheWriteTokens, 20);
        assert.equal(part.usage.reasoningTokens, undefined);
      } else {
        assert.equal(part.usage.reasoningTokens, 7);
        assert.equal(part.usage.cacheWriteTokens, undefined);
      }
    });

    test('retries once after a 429 with Retry-After, reporting it to onRetry', async () => {
      const { server, model } = await setup([
        { fault: 'http', status: 429, retryAfterMs: 25 },
        { text: 'after 429' },
      ]);
      const retries: RetryInfo[] = [];
      const parts = await collect(model, HELLO, { onRetry: (info) => retries.push(info) });
      assert.equal(textOf(parts), 'after 429');
      assert.deepEqual(retries, [{ attempt: 1, delayMs: 25, cause: 'HTTP 429', status: 429 }]);
      assert.equal(server.modelCalls.length, 2);
    });

    test('a Retry-After in seconds is honoured up to the delay cap', async () => {
      const { model } = await setup([{ fault: 'http', status: 429, retryAfterSeconds: 1 }, { text: 'ok' }], {
        maxDelayMs: 30,
      });
      const retries: RetryInfo[] = [];
      await collect(model, HELLO, { onRetry: (info) => retries.push(info) });
      assert.equal(retries[0]?.delayMs, 30);
    });

    test('retries once after a 500', async () => {
      const { server, model } = await setup([{ fault: 'http', status: 500 }, { text: 'after 500' }]);
      const retries: RetryInfo[] = [];
      assert.equal(textOf(await collect(model, HELLO, { onRetry: (i) => retries.push(i) })), 'after 500');
      assert.equal(retries.length, 1);
      assert.equal(retries[0]?.status, 500);
      assert.equal(server.modelCalls.length, 2);
    });

    test('gives up after the retry budget with a retryable ModelError', async () => {
      const { server, model } = await setup(() => ({ fault: 'http', status: 503 }));
      const error = await expectModelError(collect(model), /503/);
      assert.equal(error.isRetryable, true);
      assert.equal(server.modelCalls.length, 3, 'first attempt + 2 retries');
    });

    test('400 is not retried', async () => {
      const { server, model } = await setup([{ fault: 'http', status: 400 }, { text: 'never' }]);
      const error = await expectModelError(collect(model), /400/);
      assert.equal(error.status, 400);
      assert.equal(error.isRetryable, false);
      assert.equal(server.modelCalls.length, 1);
    });

    test('401 is not retried and is a ModelAuthError naming the key', async () => {
      const { server, model } = await setup([{ fault: 'http', status: 401 }, { text: 'never' }]);
      const error = await expectModelError(collect(model), new RegExp(target.keyVar));
      assert.ok(ModelAuthError.isInstance(error));
      assert.equal(error.status, 401);
      assert.equal(server.modelCalls.length, 1);
    });

    test('a stream cut after yielding parts is a ModelError, not replayed', async () => {
      const { server, model } = await setup([
        { fault: 'cut', answer: { text: 'partial answer that is cut', chunkSize: 2 }, afterEvents: 4 },
        { text: 'replayed' },
      ]);
      const seen: string[] = [];
      const run = (async () => {
        for await (const part of model.stream(HELLO)) if (part.type === 'text-delta') seen.push(part.text);
      })();
      await expectModelError(run, /./);
      assert.ok(seen.length > 0, 'some text arrived before the cut');
      assert.ok(!seen.join('').includes('replayed'));
      assert.equal(server.modelCalls.length, 1);
    });

    test('a stream that ends without a finish is a clear ModelError', async () => {
      const { model } = await setup([{ fault: 'no-finish', answer: { text: 'unfinished' } }]);
      await expectModelError(collect(model), /stream ended without a finish/);
    });

    test('malformed tool JSON becomes a tool-call-end with parseError', async () => {
      const { model } = await setup([{ toolCalls: [{ id: 'bad', name: 'read', arguments: '{"path": "a' }] }]);
      const parts = await collect(model);
      const end = parts.find((p) => p.type === 'tool-call-end') as ToolCallEndPart;
      assert.equal(end.input, undefined);
      assert.match(end.parseError ?? '', /not valid JSON/);
      assert.equal(end.call.arguments, '{"path": "a');
      assert.equal(parts.at(-1)?.type, 'finish');
    });

    if (target.emptyChoices) {
      test('an empty choice list is a clear ModelError', async () => {
        const { model } = await setup([{ fault: 'empty-choices' }]);
        await expectModelError(collect(model), /empty choice list|without a finish/);
      });
    }

    test('aborting mid-stream closes the HTTP request and rejects with AbortError', async () => {
      const { server, model } = await setup([{ text: 'x'.repeat(400), chunkSize: 1, chunkDelayMs: 5 }]);
      const controller = new AbortController();
      let deltas = 0;
      const run = (async () => {
        for await (const part of model.stream(HELLO, { signal: controller.signal })) {
          if (part.type === 'text-delta' && ++deltas === 3) controller.abort();
        }
      })();
      await assert.rejects(run, (e: Error) => e.name === 'AbortError' && !ModelError.isInstance(e));
      await server.waitForDisconnect();
      assert.equal(server.disconnects, 1);
      assert.equal(deltas, 3);
    });

    test('aborting during a backoff wait rejects at once and clears the timer', async () => {
      // The server asks for a ten-minute wait; only the abort can end it early.
      const { server, model } = await setup(
        [{ fault: 'http', status: 500, retryAfterMs: 600_000 }, { text: 'never' }],
        {
          maxDelayMs: 600_000,
        },
      );
      const controller = new AbortController();
      const timersBefore = activeTimers();
      const retries: RetryInfo[] = [];
      const run = collect(model, HELLO, {
        signal: controller.signal,
        onRetry: (info) => {
          retries.push(info);
          setImmediate(() => controller.abort());
        },
      });
      await assert.rejects(run, (e: Error) => e.name === 'AbortError');
      assert.equal(retries.length, 1);
      assert.equal(server.modelCalls.length, 1);
      assert.ok(activeTimers() <= timersBefore, 'the backoff timer was cleared');
    });
  });
}
