// The output-token limit on the agent, a turn and a Run: sent as every
// request's max_tokens through the real openai-compatible provider; the
// narrower scope wins; a bad value is refused before anything runs.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { z } from 'zod';
import { Agent, defineTool, InvalidOptionError, NONE } from '../../src/index.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function agentWith(maxOutputTokens?: number) {
  const server = await startOpenAICompatibleServer({
    script: (r) =>
      (r.body as { messages: { role: string }[] }).messages.at(-1)?.role === 'tool'
        ? { text: 'done' }
        : { toolCalls: [{ name: 'noop', arguments: {} }] },
  });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  const noop = defineTool({
    name: 'noop',
    description: 'n',
    parameters: z.object({}),
    trifectaLegs: NONE,
    execute: () => 'ok',
  });
  const agent = new Agent({
    model,
    systemPrompt: 's',
    ...(maxOutputTokens ? { maxOutputTokens } : {}),
    configure: (c) => c.addTool(noop),
  });
  const sent = () => server.modelCalls.map((r) => (r.body as { max_tokens?: number }).max_tokens);
  return { agent, sent };
}

test("the agent's limit goes on every request of a turn; a turn's or a Run's own wins", async () => {
  const { agent, sent } = await agentWith(200);
  await agent.turn('go');
  assert.deepEqual(sent(), [200, 200]);
  await agent.turn('again', { maxOutputTokens: 50 });
  assert.deepEqual(sent().slice(2), [50, 50]);
  const run = await agent.ask('once more', { maxOutputTokens: 75 });
  assert.equal(run.outcome, 'completed');
  assert.deepEqual(sent().slice(4), [75, 75]);
});

test('without a limit no max_tokens is sent (the model decides)', async () => {
  const { agent, sent } = await agentWith();
  await agent.turn('go');
  assert.deepEqual(sent(), [undefined, undefined]);
});

test('0, -1, 1.5 and "100" are refused with the option named, before any request', async () => {
  const { agent, sent } = await agentWith();
  for (const bad of [0, -1, 1.5, '100'])
    await assert.rejects(agent.ask('x', { maxOutputTokens: bad as number }), (e: unknown) => {
      assert.ok(InvalidOptionError.isInstance(e));
      assert.match((e as Error).message, /maxOutputTokens/);
      return true;
    });
  assert.throws(
    () => new Agent({ model: agent.model, systemPrompt: 's', maxOutputTokens: 0 }),
    /AgentOptions\.maxOutputTokens/,
  );
  assert.deepEqual(sent(), []);
});
