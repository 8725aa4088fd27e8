// Every way a Run ends, end to end: the agent over real HTTP through @kodama/models,
// against the testkit's scripted OpenAI-compatible server.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { Agent, DeadlineExceededError, type RunEvent } from '../../src/index.ts';
import { assertSendable, echoTool, gateTool } from '../agent/helpers.ts';

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

type Script = Parameters<typeof startOpenAICompatibleServer>[0]['script'];

async function agentOver(script: Script, tools = [echoTool()]) {
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
    retry: { maxRetries: 1, baseDelayMs: 1 },
  });
  const agent = new Agent({
    model,
    systemPrompt: 'You are terse.',
    streaming: true,
    configure: (c) => {
      for (const t of tools) c.addTool(t);
    },
  });
  return { agent, server };
}

const echo = (text: string, usage = { inputTokens: 100, outputTokens: 10 }) => ({
  text: `Checking ${text}.`,
  toolCalls: [{ name: 'echo', arguments: { text } }],
  usage,
});

describe('Run outcomes over HTTP', () => {
  test('a deadline mid-stream after a retried attempt: partial, with the latest complete answer only', async () => {
    const { agent } = await agentOver([
      echo('one'),
      // A complete response the loop discards and asks for again (two calls share an id).
      {
        text: 'DISCARDED text of an attempt that was retried',
        toolCalls: [
          { id: 'twin', name: 'echo', arguments: { text: 'a' } },
          { id: 'twin', name: 'echo', arguments: { text: 'b' } },
        ],
      },
      {
        text: 'IN PROGRESS: this answer streams far slower than the deadline allows.',
        chunkSize: 1,
        chunkDelayMs: 250,
      },
    ]);
    // Margin for a loaded machine: two rounds fit well inside the deadline; the third answer (17 s) cannot.
    const stream = agent.stream('Go.', { deadline: 6000 });
    const events: RunEvent[] = [];
    for await (const e of stream) events.push(e);
    const run = await stream.run;
    assert.equal(run.outcome, 'partial', String(run.error));
    assert.equal(run.response, 'Checking one.');
    assert.ok(DeadlineExceededError.isInstance(run.error));
    assert.ok(
      events.some((e) => e.type === 'retry'),
      'the malformed attempt was retried',
    );
    const deltas = events
      .filter((e) => e.type === 'assistant-delta')
      .map((e) => e.type === 'assistant-delta' && e.text)
      .join('');
    assert.match(deltas, /DISCARDED/, 'the discarded attempt had streamed its text');
    assert.match(deltas, /IN PROGRESS/, 'the deadline hit mid-stream');
    const last = events.at(-1);
    assert.ok(last?.type === 'run-end' && last.outcome === 'partial');
    assert.equal(last.response, 'Checking one.');
    assert.doesNotMatch(run.response, /DISCARDED|IN PROGRESS/);
    assertSendable(run.history!.messages.map((m) => m.message));
  });

  test('cancel during a tool: cancelled, empty response, the conversation valid, completed steps kept', async () => {
    const gate = gateTool();
    const { agent } = await agentOver(
      [echo('one'), { toolCalls: [{ name: 'gate', arguments: {} }] }],
      [echoTool(), gate.tool],
    );
    const controller = new AbortController();
    const asked = agent.ask('Go.', { signal: controller.signal });
    await gate.started;
    controller.abort();
    const run = await asked;
    assert.equal(run.outcome, 'cancelled');
    assert.equal(run.response, '');
    const messages = run.history!.messages.map((m) => m.message);
    assertSendable(messages);
    assert.ok(
      messages.some((m) => m.role === 'tool' && m.content === 'echo: one'),
      'the completed step is kept',
    );
  });

  test('a provider 500 after two completed steps: failed, usage cumulative, steps kept', async () => {
    const { agent } = await agentOver([
      echo('one'),
      echo('two'),
      { fault: 'http', status: 500 },
      { fault: 'http', status: 500 },
    ]);
    const stream = agent.stream('Go.');
    const events: RunEvent[] = [];
    for await (const e of stream) events.push(e);
    const run = await stream.run;
    assert.equal(run.outcome, 'failed');
    assert.equal(run.response, '');
    assert.match(String((run.error as Error).message), /500/);
    assert.equal(run.usage?.inputTokens, 200);
    assert.equal(run.usage?.outputTokens, 20);
    const last = events.at(-1);
    assert.ok(last?.type === 'run-end' && last.outcome === 'failed');
    assert.equal(last.message, 'I hit an error while generating a response. Please retry.');
    assert.equal(last.error.name, 'ModelError');
    assert.equal(last.cleanupFailed, false);
    assert.deepEqual(last.usage, run.usage, 'usage reported once, in the terminal event');
    const tools = run.history!.messages.filter((m) => m.message.role === 'tool');
    assert.equal(tools.length, 2);
  });

  test('resources close in reverse order before the terminal event; a cleanup failure turns success into failure', async () => {
    const { agent } = await agentOver([{ text: 'done' }]);
    const order: string[] = [];
    const run = agent.createRun('Go.');
    run.register(() => {
      order.push('first');
    });
    run.register({
      close: () => {
        order.push('second');
        throw new Error('could not close the browser');
      },
    });
    run.register(async () => {
      order.push('third');
    });
    const stream = run.stream();
    const events: RunEvent[] = [];
    for await (const e of stream) {
      if (e.type === 'run-end' && e.outcome === 'failed') order.push('terminal');
      events.push(e);
    }
    await stream.run;
    assert.deepEqual(order, ['third', 'second', 'first', 'terminal']);
    assert.equal(run.outcome, 'failed');
    const last = events.at(-1);
    assert.ok(last?.type === 'run-end' && last.outcome === 'failed' && last.cleanupFailed);
    assert.match(String((run.error as Error).message), /browser/);
    assert.throws(() => run.register(() => {}), /already closed/);
  });

  test('once under concurrency: one successful run of the work, concurrent callers wait, a failure is not recorded', async () => {
    const { agent } = await agentOver([{ text: 'done' }]);
    const run = agent.createRun('Go.');
    let attempts = 0;
    let starts = 0;
    const work = async () => {
      starts++;
      attempts++;
      await new Promise((r) => setTimeout(r, 10));
      if (attempts === 1) throw new Error('first attempt fails');
      return 'ready';
    };
    const results = await Promise.allSettled([
      run.once('browser', work),
      run.once('browser', work),
      run.once('browser', work),
    ]);
    assert.equal(results[0]?.status, 'rejected');
    const values = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    assert.deepEqual(values.sort(), ['ready', undefined].sort());
    assert.equal(starts, 2, 'the failed attempt was retried once, then never again');
    assert.equal(await run.once('browser', work), undefined);
    await run.execute();
  });

  test('an interjection sent mid-run is delivered at the next boundary and answered by the next response', async () => {
    const gate = gateTool();
    const { agent, server } = await agentOver(
      [
        { toolCalls: [{ name: 'gate', arguments: {} }] },
        { text: 'Noted: use metric.' },
        { text: 'Final answer.' },
      ],
      [gate.tool],
    );
    const stream = agent.stream('Go.');
    const events: RunEvent[] = [];
    const consumed = (async () => {
      for await (const e of stream) events.push(e);
    })();
    await gate.started;
    const answered = stream.interject('Use metric units.');
    gate.release('gate open');
    const reply = await answered;
    assert.equal(reply.text, 'Noted: use metric.');
    await consumed;
    const run = await stream.run;
    assert.equal(run.outcome, 'completed');
    assert.equal(run.response, 'Noted: use metric.', 'a text answer to an interjection can finish the run');
    const second = server.modelCalls[1]?.body as { messages: { role: string; content: unknown }[] };
    assert.equal(second.messages.at(-1)?.content, 'Use metric units.');
    const delivered = events.find((e) => e.type === 'interjection-delivered');
    assert.ok(delivered?.type === 'interjection-delivered' && delivered.count === 1);
    await assert.rejects(
      Promise.resolve().then(() => run.interject('too late')),
      /already finished/,
    );
  });
});
