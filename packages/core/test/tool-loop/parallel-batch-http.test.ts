// Loop detection counts identical calls of one parallel batch once: the model
// asked for them together, not again after seeing a result. A warning comes
// only after an earlier response's identical call was answered. Over HTTP.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { InMemoryEventList } from '../../src/entries/listeners.ts';
import { Agent, type AgentEvent } from '../../src/index.ts';
import { assertSendable, echoTool } from '../agent/helpers.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const same = { name: 'echo', arguments: { text: 'same' } };
const batchOf = (n: number) => ({ toolCalls: Array.from({ length: n }, () => same) });

async function agentOver(script: Parameters<typeof startOpenAICompatibleServer>[0]['script']) {
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  const events = new InMemoryEventList();
  let executions = 0;
  const counting = { ...echoTool(), execute: () => `run ${++executions}` };
  const agent = new Agent({
    model,
    systemPrompt: 'You are terse.',
    configure: (c) => {
      c.addTool(counting);
      c.addListener(events);
    },
  });
  return { agent, events, executions: () => executions };
}

const isWarning = (e: AgentEvent) => e.type === 'tool-result' && /same arguments/.test(String(e.content));

describe('loop detection and parallel batches', () => {
  test('three identical calls in one batch all run: no warning', async () => {
    const { agent, events, executions } = await agentOver([batchOf(3), { text: 'Done.' }]);
    const run = await agent.ask('Go.');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(executions(), 3);
    assert.equal(events.events.filter(isWarning).length, 0);
  });

  test('a repeated batch counts once per response; the warning follows the earlier results', async () => {
    const { agent, events, executions } = await agentOver([
      batchOf(2),
      batchOf(2),
      batchOf(2),
      { text: 'Done.' },
    ]);
    const run = await agent.ask('Go.');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(executions(), 4, 'the first two responses ran; the third was warned');
    const results = events.ofType('tool-result');
    assert.deepEqual(
      results.map((r) => isWarning(r)),
      [false, false, false, false, true, true],
      'no warning before both earlier responses were answered',
    );
    assert.match(String(results.find(isWarning)?.content), /same arguments 3 times in a row/);
    assertSendable(run.history!.messages.map((m) => m.message));
  });
});
