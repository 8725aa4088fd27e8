// The Run's pluggable body (createRunOf) and the shared Runnable interface:
// the same outcomes, deadline, cancellation, resources, usage and session as an
// agent's Run, for work that is not one agent (an assembly, a durable replay).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import type { HistoryMessage } from '../../src/entries/history.ts';
import { createRunOf, type RunBody, type RunBodyContext } from '../../src/entries/run.ts';
import { InMemorySessionStore } from '../../src/entries/session.ts';
import {
  Agent,
  CancelledError,
  DeadlineExceededError,
  History,
  isRunnable,
  type RunEvent,
  type Runnable,
  runnableAsTool,
} from '../../src/index.ts';

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** A conversation an assembly-like body keeps. */
function holder(messages: HistoryMessage[] = []) {
  let history = new History(messages);
  return {
    model: { provider: 'test', modelId: 'body' },
    loadHistory: (h: History) => {
      history = h;
    },
    exportHistory: () => history,
  };
}

const userMessage = (id: string, text: string): HistoryMessage => ({
  id,
  kind: 'user',
  message: { role: 'user', content: text },
});

const ZERO = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
  totalTokens: 0,
  costUsd: 0,
};

function bodyOf(execute: (ctx: RunBodyContext) => Promise<{ response: string }>): RunBody {
  return { conversation: holder(), execute };
}

/** Rejects with the signal's reason when it aborts. */
const stopped = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () =>
      reject(
        CancelledError.isInstance(signal.reason)
          ? signal.reason
          : new CancelledError({ cause: signal.reason }),
      ),
    );
  });

describe('createRunOf', () => {
  test('a completed body: run-start, its events, resources closed, then run-end (completed) with the summed usage', async () => {
    const order: string[] = [];
    const run = createRunOf(
      bodyOf(async (ctx) => {
        ctx.register(() => {
          order.push('closed');
        });
        ctx.emit({
          type: 'assembly-transition',
          runId: ctx.runId,
          assemblyId: 'demo',
          assemblyKind: 'workflow',
          path: '',
          step: 1,
          from: ['a'],
          to: ['b'],
        });
        ctx.usage.addUsage({ ...ZERO, inputTokens: 7, outputTokens: 3, totalTokens: 10, costUsd: 0.5 });
        ctx.usage.addUsage({ ...ZERO, inputTokens: 1, outputTokens: 1, totalTokens: 2, costUsd: 0.25 });
        return { response: `answer to ${String(ctx.input)}` };
      }),
      'the task',
      { runId: 'r-1' },
    );
    const stream = run.stream();
    const events: RunEvent[] = [];
    for await (const event of stream) {
      events.push(event);
      if (event.type === 'run-end' && event.outcome === 'completed') order.push('run-end');
    }
    await stream.run;
    assert.deepEqual(
      events.map((e) => e.type),
      ['run-start', 'assembly-transition', 'run-end'],
    );
    assert.deepEqual(order, ['closed', 'run-end']);
    assert.equal(run.id, 'r-1');
    assert.equal(run.outcome, 'completed');
    assert.equal(run.response, 'answer to the task');
    assert.equal(run.usage?.totalTokens, 12);
    assert.equal(run.usage?.costUsd, 0.75);
  });

  test('an unknown cost in one child makes the sum unknown', async () => {
    const run = await createRunOf(
      bodyOf(async (ctx) => {
        ctx.usage.addUsage({ ...ZERO, inputTokens: 5, totalTokens: 5, costUsd: undefined });
        ctx.usage.addUsage({ ...ZERO, costUsd: 1 });
        return { response: 'ok' };
      }),
      'x',
    ).execute();
    assert.equal(run.usage?.inputTokens, 5);
    assert.equal(run.usage?.costUsd, undefined);
  });

  test('a body that throws fails the Run with a safe message and keeps the cause', async () => {
    const cause = new Error('internal detail /etc/secret');
    const stream = createRunOf(
      bodyOf(async () => {
        throw cause;
      }),
      'x',
    ).stream();
    const events: RunEvent[] = [];
    for await (const event of stream) events.push(event);
    const run = await stream.run;
    assert.equal(run.outcome, 'failed');
    assert.equal(run.error, cause);
    const last = events.at(-1);
    assert.ok(last?.type === 'run-end' && last.outcome === 'failed');
    assert.ok(!last.message.includes('secret'));
  });

  test('the deadline stops the body through its signal: partial with the latest answer it recorded', async () => {
    let sawDeadline: number | undefined;
    const run = await createRunOf(
      bodyOf(async (ctx) => {
        sawDeadline = ctx.deadline;
        ctx.answered('first step done');
        return stopped(ctx.signal);
      }),
      'x',
      { deadline: 30 },
    ).execute();
    assert.equal(run.outcome, 'partial');
    assert.equal(run.response, 'first step done');
    assert.ok(DeadlineExceededError.isInstance(run.error));
    assert.equal(typeof sawDeadline, 'number');
  });

  test('a child that hit the deadline itself (DeadlineExceededError thrown) also makes the Run partial', async () => {
    const run = await createRunOf(
      bodyOf(async (ctx) => {
        ctx.answered('so far');
        throw new DeadlineExceededError(Date.now());
      }),
      'x',
    ).execute();
    assert.equal(run.outcome, 'partial');
    assert.equal(run.response, 'so far');
  });

  test('run.cancel() stops the body: cancelled, no response', async () => {
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    const run = createRunOf(
      bodyOf(async (ctx) => {
        ctx.answered('never shown');
        markStarted();
        return stopped(ctx.signal);
      }),
      'x',
    );
    const done = run.execute();
    await started;
    run.cancel();
    await done;
    assert.equal(run.outcome, 'cancelled');
    assert.equal(run.response, '');
  });

  test('a session is loaded into the body conversation, checkpointed from it, and the Run recorded', async () => {
    const store = new InMemorySessionStore();
    await store.replace('s-1', [userMessage('m1', 'earlier')]);
    const conversation = holder();
    let seen: number | undefined;
    const body: RunBody = {
      conversation,
      execute: async () => {
        seen = conversation.exportHistory().messages.length;
        const next = [...conversation.exportHistory().messages, userMessage('m2', 'now')];
        conversation.loadHistory(new History(next));
        return { response: 'done' };
      },
    };
    const run = await createRunOf(body, 'x', { session: { id: 's-1', store } }).execute();
    assert.equal(run.outcome, 'completed');
    assert.equal(seen, 1);
    const stored = await store.load('s-1');
    assert.deepEqual(
      stored?.messages.map((m) => m.id),
      ['m1', 'm2'],
    );
    const runs = await store.listRuns('s-1');
    assert.deepEqual(
      runs.map((r) => [r.runId, r.outcome]),
      [[run.id, 'completed']],
    );
  });

  test('bad options are refused before a Run exists', () => {
    assert.throws(
      () =>
        createRunOf(
          bodyOf(async () => ({ response: '' })),
          'x',
          { deadline: -1 },
        ),
      /deadline/,
    );
  });
});

describe('Runnable', () => {
  test('an Agent is a Runnable, and a body-backed runnable is a tool of an agent over HTTP', async () => {
    // One server; the inner agent and the outer agent tell themselves apart by system prompt.
    const server = await startOpenAICompatibleServer({
      script: (request) => {
        const body = request.body as { messages: { role: string; content?: unknown }[] };
        const system = String(body.messages[0]?.content ?? '');
        if (system.startsWith('Inner'))
          return { text: 'inner says 42', usage: { inputTokens: 30, outputTokens: 3 } };
        const answered = body.messages.some((m) => m.role === 'tool');
        return answered
          ? { text: 'The answer is 42.', usage: { inputTokens: 100, outputTokens: 10 } }
          : {
              toolCalls: [{ name: 'delegate', arguments: { task: 'find the answer' } }],
              usage: { inputTokens: 100, outputTokens: 10 },
            };
      },
    });
    servers.push(server);
    const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
    const inner = new Agent({ model, id: 'inner', systemPrompt: 'Inner helper.' });
    // A minimal assembly-like runnable: its body runs the inner agent and passes its events on.
    const body: RunBody = {
      conversation: holder(),
      execute: async (ctx) => {
        const stream = inner.stream(ctx.input, { signal: ctx.signal, includeAgentEvents: true });
        for await (const event of stream) {
          if (event.type === 'run-start' || event.type.startsWith('run-')) continue;
          if (event.type === 'agent-stream') continue;
          const out = {
            type: 'agent-stream' as const,
            runId: ctx.runId,
            source: { agentId: 'inner', path: '/inner', parentOperationId: ctx.runId },
            event,
          };
          (ctx.options.includeAgentEvents ? ctx.emit : ctx.observe)?.(out as RunEvent);
        }
        const run = await stream.run;
        ctx.usage.addUsage(run.usage!);
        return { response: run.response };
      },
    };
    const pair: Runnable = {
      id: 'pair',
      createRun: (input, options) => createRunOf(body, input, options),
      ask: (input, options) => createRunOf(body, input, options).execute(),
      stream: (input, options) => createRunOf(body, input, options).stream(),
      asTool: (options) => runnableAsTool(pair, options),
    };
    const asRunnable: Runnable = inner;
    assert.ok(isRunnable(asRunnable) && isRunnable(pair));
    assert.equal(isRunnable({ id: 'x', ask() {} }), false);

    const outer = new Agent({
      model,
      systemPrompt: 'Outer.',
      configure: (c) => c.addTool(pair.asTool({ name: 'delegate', description: 'Delegate a task.' })),
    });
    const stream = outer.stream('What is the answer?', { includeAgentEvents: true });
    const nested: string[] = [];
    for await (const event of stream) if (event.type === 'agent-stream') nested.push(event.source.path);
    const run = await stream.run;
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'The answer is 42.');
    // Outer: two responses (110 each); inner: one (33), counted once.
    assert.equal(run.usage?.totalTokens, 253);
    assert.ok(nested.includes('/delegate 0/inner'), nested.join(','));
    const toolResult = run.history?.messages.find((m) => m.message.role === 'tool');
    assert.match(JSON.stringify(toolResult?.message), /inner says 42/);
  });
});
