// kodama Runs over real HTTP (the testkit server) mapped to AG-UI events,
// each checked against @ag-ui/core's own schemas; and the endpoint.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, describe, test } from 'node:test';
import { type AGUIEvent, EventType } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { Agent, defineTool, type Model, NONE, type RunEvent } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { type ScriptedReply, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { TasksExtension } from '@kodama/tools/tasks';
import { z } from 'zod';
import { AgUiMapper, agUiHandler, toAgUi } from '../src/index.ts';

const closers: Array<() => Promise<void>> = [];
after(async () => {
  for (const close of closers) await close();
});

async function modelFor(
  script: ScriptedReply[] | ((r: { body: unknown }) => ScriptedReply),
): Promise<{ model: Model; server: ScriptedServer }> {
  const server = await startOpenAICompatibleServer({ script: script as never });
  closers.push(() => server.close());
  return {
    server,
    model: await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 }),
  };
}

const echo = defineTool({
  name: 'echo',
  description: 'Echoes.',
  parameters: z.object({ text: z.string() }),
  trifectaLegs: NONE,
  execute: ({ text }) => `echo: ${text}`,
});

async function agUiOf(stream: AsyncIterable<RunEvent>): Promise<AGUIEvent[]> {
  const out: AGUIEvent[] = [];
  for await (const e of toAgUi(stream, 'thread-1')) out.push(EventSchemas.parse(e) as AGUIEvent);
  return out;
}

describe('toAgUi', () => {
  test('a streamed run with reasoning, text, a tool call and a task list, valid event by event', async () => {
    const { model } = await modelFor([
      {
        reasoning: 'Plan first.',
        text: 'Checking.',
        toolCalls: [
          { id: 'c1', name: 'task_create', arguments: { items: ['look'] } },
          { id: 'c2', name: 'echo', arguments: { text: 'hi' } },
        ],
      },
      { text: 'Done: hi.' },
    ]);
    const agent = new Agent({
      model,
      systemPrompt: 's',
      streaming: true,
      configure: (c) => {
        c.addTool(echo);
        c.addExtension(new TasksExtension());
      },
    });
    const events = await agUiOf(agent.stream('go', { runId: 'run-1' }));
    const types = events.map((e) => e.type);
    assert.equal(types[0], EventType.RUN_STARTED);
    assert.equal(types.at(-1), EventType.RUN_FINISHED);
    const sequence = types.filter((t) => !t.endsWith('_CONTENT') && !t.startsWith('STEP_'));
    assert.deepEqual(sequence, [
      'RUN_STARTED',
      'REASONING_START',
      'REASONING_MESSAGE_START',
      'REASONING_MESSAGE_END',
      'REASONING_END',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_END',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'STATE_SNAPSHOT',
      'TOOL_CALL_RESULT',
      'TOOL_CALL_RESULT',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_END',
      'RUN_FINISHED',
    ]);
    const text = (id: string) =>
      events
        .flatMap((e) => (e.type === EventType.TEXT_MESSAGE_CONTENT && e.messageId === id ? [e.delta] : []))
        .join('');
    const starts = events.filter((e) => e.type === EventType.TEXT_MESSAGE_START) as { messageId: string }[];
    assert.deepEqual(
      starts.map((s) => text(s.messageId)),
      ['Checking.', 'Done: hi.'],
    );
    const start = events.find((e) => e.type === EventType.TOOL_CALL_START && e.toolCallId === 'c2') as {
      parentMessageId?: string;
    };
    assert.equal(start.parentMessageId, starts[0]!.messageId);
    const snapshot = events.find((e) => e.type === EventType.STATE_SNAPSHOT) as {
      snapshot: { tasks: unknown[] };
    };
    assert.equal(snapshot.snapshot.tasks.length, 1);
    const finished = events.at(-1) as { threadId: string; runId: string; result: unknown; outcome: unknown };
    assert.deepEqual(
      [finished.threadId, finished.runId, finished.result, finished.outcome],
      ['thread-1', 'run-1', 'Done: hi.', { type: 'success' }],
    );
  });

  test('a failed run ends with RUN_ERROR; a cancelled one closes its open message and finishes cancelled', async () => {
    const failing = await modelFor([{ fault: 'http', status: 400 }]);
    const failed = await agUiOf(new Agent({ model: failing.model, systemPrompt: 's' }).stream('go'));
    const last = failed.at(-1) as { type: string; message: string; code: string };
    assert.equal(last.type, EventType.RUN_ERROR);
    assert.ok(last.message.length > 0 && last.code.length > 0);

    const slow = await modelFor([{ text: 'a long answer', chunkSize: 1, chunkDelayMs: 30 }]);
    const stream = new Agent({ model: slow.model, systemPrompt: 's', streaming: true }).stream('go');
    const mapper = new AgUiMapper('t');
    const out: AGUIEvent[] = [];
    for await (const e of stream) {
      for (const a of mapper.map(e)) out.push(EventSchemas.parse(a) as AGUIEvent);
      if (e.type === 'assistant-delta') stream.cancel();
    }
    const tail = out.slice(-2).map((e) => e.type);
    assert.deepEqual(tail, [EventType.TEXT_MESSAGE_END, EventType.RUN_FINISHED]);
    assert.deepEqual((out.at(-1) as { outcome: unknown }).outcome, { type: 'cancelled' });
  });
});

describe('agUiHandler', () => {
  async function serve(model: Model, token: string | undefined): Promise<string> {
    const server: Server = createServer(
      agUiHandler({
        token,
        agent: () => new Agent({ model, systemPrompt: 's', configure: (c) => c.addTool(echo) }),
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise<void>((r) => server.close(() => r())));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  }
  const input = (messages: unknown[]) => ({
    threadId: 'th',
    runId: 'r1',
    messages,
    tools: [],
    context: [],
    state: {},
  });

  test('a request without the bearer token is refused and nothing runs', async () => {
    const { model, server } = await modelFor([{ text: 'never' }]);
    const url = await serve(model, 'sekret');
    const body = JSON.stringify(input([{ id: 'u1', role: 'user', content: 'hi' }]));
    for (const headers of [{}, { authorization: 'Bearer wrong' }] as Record<string, string>[]) {
      const res = await fetch(url, { method: 'POST', headers, body });
      assert.equal(res.status, 401);
    }
    assert.equal(server.modelCalls.length, 0);
  });

  test('a RunAgentInput streams the run as AG-UI events over SSE, with the earlier messages as the conversation', async () => {
    const { model, server } = await modelFor([{ text: 'Paris, still.' }]);
    const url = await serve(model, 'sekret');
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer sekret', 'content-type': 'application/json' },
      body: JSON.stringify(
        input([
          { id: 'u0', role: 'user', content: 'Capital of France?' },
          { id: 'a0', role: 'assistant', content: 'Paris.' },
          { id: 'u1', role: 'user', content: 'And now?' },
        ]),
      ),
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
    const events = (await res.text())
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => EventSchemas.parse(JSON.parse(chunk.slice(6))) as AGUIEvent);
    assert.equal(events[0]?.type, EventType.RUN_STARTED);
    assert.equal((events[0] as { runId: string }).runId, 'r1');
    assert.equal(events.at(-1)?.type, EventType.RUN_FINISHED);
    const sent = server.modelCalls[0]!.body as { messages: { role: string; content: string }[] };
    assert.deepEqual(
      sent.messages.map((m) => `${m.role}:${m.content}`),
      ['system:s', 'user:Capital of France?', 'assistant:Paris.', 'user:And now?'],
    );
  });

  test('a broken conversation or a body that is not a RunAgentInput is a 400 naming the problem', async () => {
    const { model, server } = await modelFor([{ text: 'never' }]);
    const url = await serve(model, undefined);
    const bad = await fetch(url, { method: 'POST', body: '{"threadId":1}' });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: string }).error, /not a RunAgentInput/);
    const orphan = await fetch(url, {
      method: 'POST',
      body: JSON.stringify(
        input([
          { id: 't0', role: 'tool', toolCallId: 'nope', content: 'result' },
          { id: 'u1', role: 'user', content: 'hi' },
        ]),
      ),
    });
    assert.equal(orphan.status, 400);
    assert.match(((await orphan.json()) as { error: string }).error, /do not form a conversation/);
    assert.equal(server.modelCalls.length, 0);
  });
});
