// A Run's deadline holds even when the model's stream ignores its abort signal:
// over real HTTP, a model that never passes the signal on keeps streaming past
// the deadline, and the Run stops waiting for it at the deadline.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { Agent, DeadlineExceededError, type Model, type RunEvent } from '../../src/index.ts';
import { assertSendable, echoTool } from '../agent/helpers.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** `model` with every request sent without the caller's signal; `released` settles when a stream was closed. */
function deafTo(model: Model): { model: Model; released: Promise<void> } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const deaf: Model = {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    capabilities: model.capabilities,
    async *stream(request, options) {
      try {
        yield* model.stream(request, { ids: options?.ids });
      } finally {
        release();
      }
    },
  };
  return { model: deaf, released };
}

async function deafAgentOver(script: Parameters<typeof startOpenAICompatibleServer>[0]['script']) {
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  const http = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  const { model, released } = deafTo(http);
  const agent = new Agent({ model, systemPrompt: 'You are terse.', configure: (c) => c.addTool(echoTool()) });
  return { agent, released };
}

// 80 characters one at a time, 25 ms apart: the answer takes 2 s to arrive, far past the deadline.
const LATE = `LATE ${'x'.repeat(75)}`;
const slowAnswer = { text: LATE, chunkSize: 1, chunkDelayMs: 25 };

describe('a deadline over a stream that ignores its abort signal', () => {
  test('the Run ends partial at the deadline; the text that arrives after it appears nowhere', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const { agent, released } = await deafAgentOver([slowAnswer]);
      const stream = agent.stream('Go.', { deadline: 300 });
      const events: RunEvent[] = [];
      for await (const e of stream) events.push(e);
      const run = await stream.run;
      assert.equal(run.outcome, 'partial', String(run.error));
      assert.ok(DeadlineExceededError.isInstance(run.error), String(run.error));
      assert.equal(run.response, '');
      assert.doesNotMatch(JSON.stringify(events), /LATE/, 'no event carries the late text');
      assert.doesNotMatch(run.history!.serialize(), /LATE/, 'the conversation does not record it');
      assertSendable(run.history!.messages.map((m) => m.message));
      const end = events.at(-1);
      assert.ok(end?.type === 'run-end' && end.outcome === 'partial');
      await released; // the Run closed the stream it stopped waiting for
      assert.deepEqual(rejections, []);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  test('after a completed step, partial answers with the latest complete answer only', async () => {
    const { agent, released } = await deafAgentOver([
      { text: 'Checking one.', toolCalls: [{ name: 'echo', arguments: { text: 'one' } }] },
      { ...slowAnswer, text: `LATE ${'x'.repeat(395)}` },
    ]);
    // Margin for a loaded machine: the first round fits well inside the deadline; the second (10 s) cannot.
    const run = await agent.ask('Go.', { deadline: 4000 });
    assert.equal(run.outcome, 'partial', String(run.error));
    assert.equal(run.response, 'Checking one.');
    assert.doesNotMatch(run.history!.serialize(), /LATE/);
    assert.ok(run.history!.messages.some((m) => m.message.role === 'tool'));
    await released;
  });
});
