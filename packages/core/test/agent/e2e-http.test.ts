// End to end: the agent over real HTTP, through @kodama/models, against the
// testkit's scripted OpenAI-compatible server on 127.0.0.1.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { InMemoryEventList } from '../../src/entries/listeners.ts';
import { Agent, Cancellable, CancelledError } from '../../src/index.ts';
import { assertSendable, echoTool, messagesOf } from './helpers.ts';

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function agentOver(
  server: ScriptedServer,
  extra: { cancellable?: Cancellable; streaming?: boolean } = {},
  retry: { maxRetries: number; baseDelayMs?: number } = { maxRetries: 0 },
) {
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
    maxRetries: retry.maxRetries,
    ...(retry.baseDelayMs === undefined
      ? {}
      : { retry: { maxRetries: retry.maxRetries, baseDelayMs: retry.baseDelayMs } }),
  });
  const events = new InMemoryEventList();
  const agent = new Agent({
    model,
    systemPrompt: 'You are terse.',
    ...extra,
    configure: (c) => {
      c.addTool(echoTool());
      c.addListener(events);
    },
  });
  return { agent, events };
}

describe('agent over HTTP', () => {
  test('a 429 is retried by the model layer and narrated as a retry event', async () => {
    const server = await startOpenAICompatibleServer({
      script: [{ fault: 'http', status: 429, retryAfterMs: 1 }, { text: 'after the retry' }],
    });
    servers.push(server);
    const { agent, events } = await agentOver(server, {}, { maxRetries: 2, baseDelayMs: 1 });
    assert.equal(await agent.turn('hi'), 'after the retry');
    const retries = events.ofType('retry');
    assert.equal(retries.length, 1);
    assert.equal(retries[0]!.attempt, 1);
    assert.equal(retries[0]!.status, 429);
    assert.match(retries[0]!.cause, /429/);
    assert.equal(retries[0]!.agentId, '');
    assert.equal(server.modelCalls.length, 2);
  });

  test('a tool round trip', async () => {
    const server = await startOpenAICompatibleServer({
      script: [
        { toolCalls: [{ id: 'call_1', name: 'echo', arguments: { text: 'over the wire' } }] },
        { text: 'The echo said: over the wire.' },
      ],
      contextWindow: 16384,
    });
    servers.push(server);
    const { agent, events } = await agentOver(server, { streaming: true });
    const answer = await agent.turn('Echo something.');
    assert.equal(answer, 'The echo said: over the wire.');
    assert.equal(server.modelCalls.length, 2);
    const second = server.modelCalls[1]!.body as {
      messages: { role: string; content?: unknown; tool_call_id?: string }[];
    };
    const toolMsg = second.messages.find((m) => m.role === 'tool');
    assert.equal(toolMsg?.tool_call_id, 'call_1');
    assert.equal(toolMsg?.content, 'echo: over the wire');
    assert.equal(second.messages[0]?.role, 'system');
    assert.ok(events.ofType('assistant-delta').length > 0);
    assert.equal(events.ofType('tool-result')[0]?.content, 'echo: over the wire');
    assertSendable(messagesOf(agent));
  });

  test('a cancel mid-stream aborts the request and leaves a sendable conversation', async () => {
    const server = await startOpenAICompatibleServer({
      script: [{ text: 'This answer streams very slowly, chunk by chunk.', chunkSize: 2, chunkDelayMs: 30 }],
    });
    servers.push(server);
    const cancellable = new Cancellable();
    const { agent, events } = await agentOver(server, { cancellable, streaming: true });
    const turn = agent.turn('Tell me slowly.');
    while (events.ofType('assistant-delta').length < 2) await new Promise((r) => setTimeout(r, 5));
    cancellable.cancel();
    await assert.rejects(turn, (e: unknown) => CancelledError.isInstance(e));
    await server.waitForDisconnect();
    assert.equal(server.disconnects, 1, 'the HTTP request was aborted');
    assert.deepEqual(messagesOf(agent), [{ role: 'user', content: 'Tell me slowly.' }]);
    assert.deepEqual(events.types().slice(-2), ['cancelled', 'turn-end']);
    assert.equal(events.ofType('turn-end')[0]?.outcome, 'cancelled');
  });
});
