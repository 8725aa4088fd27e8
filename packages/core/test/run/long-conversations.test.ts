// Long conversations: context overflow compacted and retried, proactive compaction, tool loops stopped.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { ScriptedModel, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { InMemoryEventList } from '../../src/entries/listeners.ts';
import { ToolLoopError } from '../../src/entries/tool.ts';
import { Agent, History, type RunEvent } from '../../src/index.ts';
import { assertSendable, echoTool } from '../agent/helpers.ts';

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const echo = (text: string) => ({ toolCalls: [{ name: 'echo', arguments: { text } }] });
const OVERFLOW = JSON.stringify({
  error: {
    message:
      "This model's maximum context length is 4096 tokens. However, your messages resulted in 5120 tokens.",
    type: 'invalid_request_error',
    code: 'context_length_exceeded',
  },
});

describe('long conversations', () => {
  test('a request refused as too long: the middle is summarised, the request sent again, the run completes', async () => {
    const server = await startOpenAICompatibleServer({
      script: [
        echo('one'),
        echo('two'),
        { fault: 'http', status: 400, body: OVERFLOW },
        { text: 'The user asked to echo; "one" was echoed.' },
        { text: 'Done.' },
      ],
    });
    servers.push(server);
    const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
    const agent = new Agent({
      model,
      systemPrompt: 'You are terse.',
      compaction: { keepLatestSteps: 1 },
      configure: (c) => c.addTool(echoTool()),
    });
    const stream = agent.stream('Echo one, then two.');
    const events: RunEvent[] = [];
    for await (const e of stream) events.push(e);
    const run = await stream.run;
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'Done.');
    const compaction = events.find((e) => e.type === 'compaction');
    assert.ok(compaction?.type === 'compaction');
    assert.equal(compaction.reason, 'overflow');
    assert.equal(compaction.foldedMessages, 2);
    const summarising = server.modelCalls[3]?.body as {
      messages: { role: string; content: string }[];
      tools?: unknown;
    };
    assert.equal(summarising.tools, undefined, 'the summarising request offers no tools');
    assert.match(JSON.stringify(summarising.messages), /echo: one/);
    const retried = server.modelCalls[4]?.body as { messages: { role: string; content: unknown }[] };
    const text = JSON.stringify(retried.messages);
    assert.match(text, /<conversation-summary messages=\\"2\\">/);
    assert.doesNotMatch(text, /echo: one/, 'the folded step is gone from the request');
    assert.match(text, /echo: two/, 'the latest step is kept word for word');
    assert.match(text, /Echo one, then two\./, 'the first user message is kept');
    const messages = run.history!.messages.map((m) => m.message);
    assertSendable(messages);
    History.parse(run.history!.serialize());
  });

  test('past the threshold of a known window, the conversation is compacted before the next request', async () => {
    const model = new ScriptedModel(
      [
        { ...echo('one'), usage: { inputTokens: 500, outputTokens: 10 } },
        { ...echo('two'), usage: { inputTokens: 900, outputTokens: 10 } },
        { text: 'summary of step one', usage: { inputTokens: 300, outputTokens: 20 } },
        { text: 'done', usage: { inputTokens: 400, outputTokens: 5 } },
      ],
      { contextWindow: 1000 },
    );
    const events = new InMemoryEventList();
    const agent = new Agent({
      model,
      systemPrompt: 's',
      compaction: { threshold: 0.8, keepLatestSteps: 1 },
      configure: (c) => {
        c.addTool(echoTool());
        c.addListener(events);
      },
    });
    const run = await agent.ask('go');
    assert.equal(run.response, 'done');
    assert.deepEqual(
      events.ofType('compaction').map((e) => e.reason),
      ['threshold'],
    );
    assert.equal(run.usage?.inputTokens, 2100, 'the summarising request is billed too');
    assert.match(JSON.stringify(model.calls[3]?.messages), /conversation-summary/);
  });

  test('compaction: false leaves an overflow to fail the run', async () => {
    const server = await startOpenAICompatibleServer({
      script: [{ fault: 'http', status: 400, body: OVERFLOW }],
    });
    servers.push(server);
    const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
    const run = await new Agent({ model, systemPrompt: 's', compaction: false }).ask('go');
    assert.equal(run.outcome, 'failed');
    assert.match(String((run.error as Error).message), /maximum context length/);
    assert.equal(server.modelCalls.length, 1);
  });

  test('the same call three times in a row is answered with a warning; a fourth ends the run as failed', async () => {
    const model = new ScriptedModel([echo('same'), echo('same'), echo('same'), echo('same')]);
    const events = new InMemoryEventList();
    let executions = 0;
    const counting = { ...echoTool(), execute: () => `run ${++executions}` };
    const agent = new Agent({
      model,
      systemPrompt: 's',
      configure: (c) => {
        c.addTool(counting);
        c.addListener(events);
      },
    });
    const run = await agent.ask('go');
    assert.equal(run.outcome, 'failed');
    assert.ok(ToolLoopError.isInstance(run.error));
    assert.equal(executions, 2, 'the third call was not run');
    const results = events.ofType('tool-result');
    assert.match(String(results[2]?.content), /same arguments 3 times/);
    assert.equal(results[2]?.status, 'error');
    assertSendable(run.history!.messages.map((m) => m.message));
  });

  test('toolLoop: false lets a model repeat itself', async () => {
    const model = new ScriptedModel([echo('same'), echo('same'), echo('same'), echo('same'), { text: 'ok' }]);
    const agent = new Agent({
      model,
      systemPrompt: 's',
      toolLoop: false,
      configure: (c) => c.addTool(echoTool()),
    });
    const run = await agent.ask('go');
    assert.equal(run.outcome, 'completed');
  });
});
