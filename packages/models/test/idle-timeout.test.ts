// A stalled stream must not hang: each adapter path, over real HTTP against
// the testkit servers, with a small idle timeout (configuration, not a limit
// on how long a test may take).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { type Model, type RetryInfo, resolveModel, StreamIdleTimeoutError } from '@kodama/models';
import {
  type Script,
  type ScriptedServer,
  startAnthropicServer,
  startOpenAICompatibleServer,
} from '@kodama/testkit';
import { collect, FAST_RETRY, HELLO, textOf } from './support/collect.ts';

const IDLE_MS = 200;

interface Path {
  readonly name: string;
  readonly provider: string;
  start(script: Script): Promise<ScriptedServer>;
  model(server: ScriptedServer, idleTimeoutMs: number): Promise<Model>;
  /** SSE events that carry no kodama part (OpenAI's role chunk, Anthropic's message_start). */
  readonly preamble: number;
}

const compatible = (implementation: 'kodama' | 'ai-sdk'): Path => ({
  name: `openai-compatible (${implementation})`,
  provider: 'openai-compatible',
  start: (script) => startOpenAICompatibleServer({ script }),
  model: (server, idleTimeoutMs) =>
    resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
      retry: FAST_RETRY,
      idleTimeoutMs,
      openAICompatibleAdapter: implementation,
    }),
  preamble: 1,
});

const paths: Path[] = [
  compatible('kodama'),
  compatible('ai-sdk'),
  {
    name: 'anthropic (AI SDK)',
    provider: 'anthropic',
    start: (script) => startAnthropicServer({ script }),
    model: (server, idleTimeoutMs) =>
      resolveModel('anthropic:claude-sonnet-4-5', {
        env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url },
        retry: FAST_RETRY,
        idleTimeoutMs,
      }),
    preamble: 1,
  },
];

for (const path of paths) {
  describe(`${path.name}: idle timeout`, () => {
    const servers: ScriptedServer[] = [];
    after(() => Promise.all(servers.map((s) => s.close())));
    async function setup(script: Script, idleTimeoutMs = IDLE_MS) {
      const server = await path.start(script);
      servers.push(server);
      return { server, model: await path.model(server, idleTimeoutMs) };
    }

    const beforeFirstPart = [
      ['headers but no body', { fault: 'stall', answer: { text: 'never' }, afterEvents: 0 }],
      ['no headers at all', { fault: 'hang' }],
      [
        'bytes that make no part yet',
        { fault: 'stall', answer: { text: 'never' }, afterEvents: path.preamble },
      ],
    ] as const;
    for (const [what, stall] of beforeFirstPart) {
      test(`a stream that never starts (${what}) is aborted and retried`, async () => {
        const { server, model } = await setup([stall, { text: 'recovered' }]);
        const retries: RetryInfo[] = [];
        const parts = await collect(model, HELLO, { onRetry: (info) => retries.push(info) });
        assert.equal(textOf(parts), 'recovered');
        assert.equal(retries.length, 1);
        assert.equal(retries[0]!.cause, 'no data for 0.2 s');
        assert.equal(server.modelCalls.length, 2);
        await server.waitForDisconnect();
        assert.equal(server.disconnects, 1, 'the stalled request was closed');
      });
    }

    test('a stream that stalls mid-answer ends with StreamIdleTimeoutError, not retried', async () => {
      const { server, model } = await setup([
        { fault: 'stall', answer: { text: 'partial answer', chunkSize: 2 }, afterEvents: path.preamble + 3 },
        { text: 'never' },
      ]);
      const retries: RetryInfo[] = [];
      const seen: string[] = [];
      const run = (async () => {
        for await (const part of model.stream(HELLO, { onRetry: (info) => retries.push(info) }))
          if (part.type === 'text-delta') seen.push(part.text);
      })();
      const error = await run.then(
        () => assert.fail('expected the stall to fail the stream'),
        (e: unknown) => e,
      );
      assert.ok(StreamIdleTimeoutError.isInstance(error), String(error));
      assert.equal(error.midAnswer, true);
      assert.equal(error.idleTimeoutMs, IDLE_MS);
      assert.match(error.message, new RegExp(`no data from ${path.provider} for 0\\.2 s in the middle`));
      assert.match(error.message, /raise idleTimeoutMs/);
      assert.ok(seen.join('').startsWith('pa'), 'part of the answer arrived first');
      assert.deepEqual(retries, []);
      assert.equal(server.modelCalls.length, 1);
      await server.waitForDisconnect();
      assert.equal(server.disconnects, 1);
    });

    test('when every attempt stalls, the retry budget ends with the typed error', async () => {
      const { server, model } = await setup(() => ({
        fault: 'stall',
        answer: { text: 'x' },
        afterEvents: 0,
      }));
      await assert.rejects(
        collect(model),
        (e: unknown) =>
          StreamIdleTimeoutError.isInstance(e) && !e.midAnswer && /before the answer/.test(e.message),
      );
      assert.equal(server.modelCalls.length, 3, 'first attempt + 2 retries');
    });

    test('gaps shorter than the timeout never trip it, however long the whole answer takes', async () => {
      // 60 chunks 50 ms apart: the answer takes twice the timeout, and each gap
      // leaves a loaded machine a wide margin.
      const text = 'x'.repeat(60);
      const { model } = await setup([{ text, chunkSize: 1, chunkDelayMs: 50 }], 1500);
      assert.equal(textOf(await collect(model)), text);
    });

    test('a consumer that holds a part longer than the timeout does not trip it', async () => {
      const { model } = await setup([{ text: 'abcdef', chunkSize: 2 }]);
      let text = '';
      for await (const part of model.stream(HELLO)) {
        if (part.type !== 'text-delta') continue;
        if (text === '') await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 2));
        text += part.text;
      }
      assert.equal(text, 'abcdef');
    });
  });
}
