// The structured-output repair turn only takes the answer: a tool call the model
// makes in it is not executed (it is answered, so the conversation stays
// sendable), and the turn ends after that one response. Over HTTP, in both modes.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { FINAL_ANSWER_TOOL } from '../../src/entries/run.ts';
import { Agent } from '../../src/index.ts';
import { assertSendable, echoTool } from '../agent/helpers.ts';
import { agentOverHttp, Forecast } from './helpers.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

type ChatBody = { tools?: { function: { name: string } }[] };
const toolNames = (body: unknown) => ((body as ChatBody).tools ?? []).map((t) => t.function.name);

/** An echo tool that counts its executions. */
function countingEcho() {
  const runs: string[] = [];
  const execute = ({ text }: { text: string }) => {
    runs.push(text);
    return `echo: ${text}`;
  };
  const tool = { ...echoTool(), execute };
  return { tool, runs };
}

describe('the structured-output repair turn', () => {
  test('JSON mode: a tool call in the repair turn is not run; its text is the answer', async () => {
    const echo = countingEcho();
    const { agent, server } = await agentOverHttp(
      [
        { text: 'It will be sunny.' },
        {
          text: '{"city":"Oslo","days":2,"units":"c"}',
          toolCalls: [{ name: 'echo', arguments: { text: 'side effect' } }],
        },
      ],
      servers,
      [echo.tool],
    );
    const run = await agent.ask('Forecast?', { output: Forecast });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(run.output, { city: 'Oslo', days: 2, units: 'c' });
    assert.deepEqual(echo.runs, [], 'the repair turn ran no tool');
    assert.equal(server.modelCalls.length, 2, 'the repair turn is one response');
    assert.deepEqual(toolNames(server.modelCalls[0]!.body), ['echo']);
    assert.deepEqual(toolNames(server.modelCalls[1]!.body), [], 'the repair request offers no tool');
    assertSendable(run.history!.messages.map((m) => m.message));
  });

  test('tool mode: only the answer tool is offered and run; another call beside it is answered as unknown, not run', async () => {
    const server = await startOpenAICompatibleServer({
      script: [
        { toolCalls: [{ name: FINAL_ANSWER_TOOL, arguments: { city: 'Oslo' } }] },
        {
          toolCalls: [
            { name: 'echo', arguments: { text: 'side effect' } },
            { name: FINAL_ANSWER_TOOL, arguments: { city: 'Oslo', days: 1, units: 'f' } },
          ],
        },
      ],
    });
    servers.push(server);
    const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
      maxRetries: 0,
      capabilities: { jsonSchema: false },
    });
    const echo = countingEcho();
    const agent = new Agent({
      model,
      systemPrompt: 'You are terse.',
      configure: (c) => c.addTool(echo.tool),
    });
    const run = await agent.ask('Forecast?', { output: Forecast });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(run.output, { city: 'Oslo', days: 1, units: 'f' });
    assert.deepEqual(echo.runs, []);
    assert.equal(server.modelCalls.length, 2);
    assert.deepEqual(toolNames(server.modelCalls[0]!.body), ['echo', FINAL_ANSWER_TOOL]);
    assert.deepEqual(toolNames(server.modelCalls[1]!.body), [FINAL_ANSWER_TOOL]);
    const messages = run.history!.messages.map((m) => m.message);
    assertSendable(messages);
    const refused = messages.find((m) => m.role === 'tool' && m.content !== 'Final answer received.');
    assert.match(String(refused?.role === 'tool' && refused.content), /^Error: unknown tool "echo"/);
  });
});
