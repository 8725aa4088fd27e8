// Every Run ends with exactly one `run-end`, last, carrying its outcome: the
// four outcomes end to end, the agent over real HTTP through @kodama/models
// against the testkit's scripted OpenAI-compatible server.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { isTerminalEvent } from '../../src/entries/run.ts';
import { Agent, type RunEvent } from '../../src/index.ts';

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

type Script = Parameters<typeof startOpenAICompatibleServer>[0]['script'];

async function agentOver(script: Script): Promise<Agent> {
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
    retry: { maxRetries: 0, baseDelayMs: 1 },
  });
  return new Agent({ model, systemPrompt: 'You are terse.', streaming: true });
}

/** An answer that streams far slower than any test waits for: something else must end the Run. */
const endless = { text: 'x'.repeat(400), chunkSize: 1, chunkDelayMs: 250 };

/** The Run's events, and its one end (asserted to be exactly one, and last). */
function theEnd(events: readonly RunEvent[]) {
  const ends = events.filter(isTerminalEvent);
  assert.equal(ends.length, 1, 'exactly one terminal event');
  assert.equal(events.at(-1), ends[0], 'and it is the last');
  assert.equal(ends[0]!.type, 'run-end');
  return ends[0]!;
}

describe('a Run ends with one run-end carrying its outcome', () => {
  test('completed: the response', async () => {
    const agent = await agentOver([{ text: 'Done.' }]);
    const stream = agent.stream('Go.');
    const events: RunEvent[] = [];
    for await (const e of stream) events.push(e);
    const run = await stream.run;
    const end = theEnd(events);
    assert.ok(end.outcome === 'completed');
    assert.equal(end.response, 'Done.');
    assert.equal(end.runId, run.id);
    assert.deepEqual(end.usage, run.usage);
  });

  test('failed: the safe message, the cause and cleanupFailed', async () => {
    const agent = await agentOver([{ fault: 'http', status: 500 }]);
    const stream = agent.stream('Go.');
    const events: RunEvent[] = [];
    for await (const e of stream) events.push(e);
    const run = await stream.run;
    assert.equal(run.outcome, 'failed');
    const end = theEnd(events);
    assert.ok(end.outcome === 'failed');
    assert.equal(end.error.name, 'ModelError');
    assert.equal(end.cleanupFailed, false);
    assert.ok(end.message.length > 0);
  });

  test('partial: the deadline, with the latest complete answer', async () => {
    const agent = await agentOver([endless]);
    const stream = agent.stream('Go.', { deadline: 1500 });
    const events: RunEvent[] = [];
    for await (const e of stream) events.push(e);
    const run = await stream.run;
    assert.equal(run.outcome, 'partial', String(run.error));
    const end = theEnd(events);
    assert.ok(end.outcome === 'partial');
    assert.equal(end.response, '');
  });

  test('cancelled: nothing but the usage', async () => {
    const agent = await agentOver([endless]);
    const stream = agent.stream('Go.');
    const events: RunEvent[] = [];
    for await (const e of stream) {
      events.push(e);
      if (e.type === 'assistant-delta') stream.cancel();
    }
    const run = await stream.run;
    assert.equal(run.outcome, 'cancelled');
    const end = theEnd(events);
    assert.ok(end.outcome === 'cancelled');
    assert.deepEqual(Object.keys(end).sort(), ['at', 'outcome', 'runId', 'type', 'usage']);
  });
});
