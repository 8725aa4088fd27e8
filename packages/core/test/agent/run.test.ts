import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ScriptedModel } from '@kodama/testkit';
import { z } from 'zod';
import { Agent, defineTool, NONE, type ToolContext, TurnInProgressError } from '../../src/index.ts';
import { assertSendable, echoTool, gateTool, messagesOf, scriptedAgent } from './helpers.ts';

describe('Agent.run', () => {
  test('a plain answer ends the turn and is returned', async () => {
    const { agent, events, model } = scriptedAgent([{ text: 'Hello there.' }]);
    const answer = await agent.turn('Hi');
    assert.equal(answer, 'Hello there.');
    assert.deepEqual(events.types(), [
      'turn-start',
      'context-cap',
      'user-turn',
      'model-start',
      'assistant',
      'tokens',
      'turn-end',
    ]);
    assert.equal(model.calls[0]?.system, 'You are a test agent.');
    assert.deepEqual(model.calls[0]?.messages, [{ role: 'user', content: 'Hi' }]);
    assert.equal(agent.lastAssistantContent(), 'Hello there.');
    model.assertDone();
  });

  test('an oversized tool result is cut in the middle before the model, the history and the event see it', async () => {
    const big = defineTool({
      name: 'big',
      description: 'returns a lot',
      parameters: z.object({}),
      trifectaLegs: NONE,
      execute: () => `HEAD${'x'.repeat(200_000)}TAIL`,
    });
    // Default budget: 10,000 tokens ≈ 40,000 bytes.
    const { agent, events, model } = scriptedAgent(
      [{ toolCalls: [{ id: 'b1', name: 'big', arguments: {} }] }, { text: 'ok' }],
      { tools: [big] },
    );
    await agent.turn('go');
    const sent = model.calls[1]!.messages.find((m) => m.role === 'tool');
    const content = sent?.role === 'tool' ? String(sent.content) : '';
    assert.ok(content.startsWith('HEAD') && content.endsWith('TAIL'), 'head and tail kept');
    assert.ok(content.length < 45_000 && content.length > 30_000, `cut to the budget, got ${content.length}`);
    assert.match(content, /removed from the middle/);
    const event = events.ofType('tool-result')[0]!;
    assert.equal(event.content, content);
    const stored = agent.exportHistory().messages.find((m) => m.message.role === 'tool')!.message;
    assert.equal(stored.role === 'tool' ? stored.content : undefined, content);

    const small = scriptedAgent([{ toolCalls: [{ id: 'b2', name: 'big', arguments: {} }] }, { text: 'ok' }], {
      tools: [big],
      maxResultTokens: 100,
    });
    await small.agent.turn('go');
    const cut = small.model.calls[1]!.messages.find((m) => m.role === 'tool');
    assert.ok(
      cut?.role === 'tool' && String(cut.content).length < 1_000,
      'the agent option moves the budget',
    );
  });

  test('a tool round trip: call, observation, answer; events in loop order', async () => {
    const seen: ToolContext[] = [];
    const { agent, events, model } = scriptedAgent(
      [{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'ping' } }] }, { text: 'done' }],
      { tools: [echoTool(seen)] },
    );
    assert.equal(await agent.turn('go'), 'done');
    assert.deepEqual(events.types(), [
      'turn-start',
      'context-cap',
      'user-turn',
      'model-start',
      'tokens',
      'tool-call',
      'tool-start',
      'tool-result',
      'model-start',
      'assistant',
      'tokens',
      'turn-end',
    ]);
    const call = events.ofType('tool-call')[0]!;
    assert.equal(call.arguments, '{"text":"ping"}');
    assert.deepEqual(events.ofType('tool-result')[0]?.content, 'echo: ping');
    assert.equal(model.calls[1]?.messages.at(-1)?.role, 'tool');
    assert.deepEqual(
      model.calls[0]?.tools?.map((t) => t.name),
      ['echo'],
    );
    assert.equal(seen[0]?.toolCallId, 'c1');
    assert.match(seen[0]!.idempotencyKey, /^[0-9a-f-]{36}:c1$/);
    assertSendable(messagesOf(agent));
  });

  test('every event carries the agent id', async () => {
    const { agent, events } = scriptedAgent(
      [{ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }, { text: 'ok' }],
      {
        tools: [echoTool()],
        id: 'worker 1',
      },
    );
    await agent.turn('go');
    assert.ok(events.events.length > 4);
    for (const e of events.events) assert.equal(e.agentId, 'worker 1');
  });

  test('calls of one response run concurrently and are answered in model order', async () => {
    const order: string[] = [];
    // A can only finish once B has finished, so the order below is reachable
    // only if B starts while A is still running. The timer merely breaks the
    // deadlock a one-at-a-time batch would cause, so the test fails instead of hanging.
    let bDone!: () => void;
    const gate = new Promise<void>((r) => {
      bDone = r;
    });
    const tool = defineTool({
      name: 'step',
      description: 'step',
      parameters: z.object({ label: z.string() }),
      trifectaLegs: NONE,
      execute: async ({ label }) => {
        order.push(`start ${label}`);
        if (label === 'A') {
          let timer: NodeJS.Timeout | undefined;
          const deadlock = new Promise<void>((r) => {
            timer = setTimeout(() => {
              order.push('A gave up waiting for B');
              r();
            }, 5_000);
          });
          await Promise.race([gate, deadlock]);
          clearTimeout(timer);
        } else bDone();
        order.push(`end ${label}`);
        return label;
      },
    });
    const { agent, model } = scriptedAgent(
      [
        {
          toolCalls: [
            { id: 'a', name: 'step', arguments: { label: 'A' } },
            { id: 'b', name: 'step', arguments: { label: 'B' } },
          ],
        },
        { text: 'both' },
      ],
      { tools: [tool] },
    );
    await agent.turn('go');
    assert.deepEqual(order, ['start A', 'start B', 'end B', 'end A'], 'B started before A ended');
    const results = model.calls[1]!.messages.filter((m) => m.role === 'tool');
    assert.deepEqual(
      results.map((m) => (m.role === 'tool' ? m.toolCallId : '')),
      ['a', 'b'],
    );
  });

  test('a sequential tool makes its whole batch run one call at a time in model order', async () => {
    const order: string[] = [];
    const make = (name: string, sequential: boolean) =>
      defineTool({
        name,
        description: name,
        parameters: z.object({}),
        trifectaLegs: NONE,
        sequential,
        execute: async () => {
          order.push(`start ${name}`);
          await new Promise((r) => setTimeout(r, 5));
          order.push(`end ${name}`);
          return name;
        },
      });
    const { agent } = scriptedAgent(
      [
        {
          toolCalls: [
            { name: 'one', arguments: {} },
            { name: 'two', arguments: {} },
          ],
        },
        { text: 'ok' },
      ],
      { tools: [make('one', false), make('two', true)] },
    );
    await agent.turn('go');
    assert.deepEqual(order, ['start one', 'end one', 'start two', 'end two']);
  });

  test('an unknown tool name becomes an observation listing the tools', async () => {
    const { agent, model, events } = scriptedAgent(
      [{ toolCalls: [{ id: 'x1', name: 'nope', arguments: {} }] }, { text: 'sorry' }],
      { tools: [echoTool()] },
    );
    await agent.turn('go');
    const result = model.calls[1]!.messages.at(-1);
    assert.deepEqual(result, {
      role: 'tool',
      toolCallId: 'x1',
      toolName: 'nope',
      content: 'Error: unknown tool "nope". Available tools: echo',
    });
    assert.equal(events.ofType('tool-result')[0]?.status, 'error');
  });

  test('malformed arguments and validation failures are observations, not crashes', async () => {
    const { agent, model } = scriptedAgent(
      [
        {
          toolCalls: [
            { id: 'm1', name: 'echo', arguments: '{"text": ' },
            { id: 'm2', name: 'echo', arguments: { text: 3 } },
          ],
        },
        { text: 'ok' },
      ],
      { tools: [echoTool()] },
    );
    await agent.turn('go');
    const results = model.calls[1]!.messages.filter((m) => m.role === 'tool');
    for (const r of results) assert.match(String(r.role === 'tool' && r.content), /^Error: /);
  });

  test('tokens are emitted per model response, including pure tool-call responses', async () => {
    const { agent, events } = scriptedAgent(
      [
        {
          toolCalls: [{ name: 'echo', arguments: { text: 'a' } }],
          usage: { inputTokens: 100, outputTokens: 10 },
        },
        { text: 'fin', usage: { inputTokens: 130, outputTokens: 5 } },
      ],
      { tools: [echoTool()] },
    );
    await agent.turn('go');
    const tokens = events.ofType('tokens');
    assert.deepEqual(
      tokens.map((t) => [t.usage.inputTokens, t.usage.outputTokens, t.modelId]),
      [
        [100, 10, 'scripted-model'],
        [130, 5, 'scripted-model'],
      ],
    );
    const exported = agent.exportHistory().messages.filter((m) => m.kind === 'assistant');
    assert.deepEqual(
      exported.map((m) => m.usage?.inputTokens),
      [100, 130],
    );
  });

  test('streaming: deltas before the final events of their round, never empty', async () => {
    const { agent, events } = scriptedAgent(
      [{ reasoning: 'let me think', text: 'the answer is 42', chunkSize: 4 }],
      {
        streaming: true,
      },
    );
    await agent.turn('q');
    const types = events.types();
    const lastDelta = Math.max(types.lastIndexOf('reasoning-delta'), types.lastIndexOf('assistant-delta'));
    assert.ok(types.indexOf('reasoning-delta') > 0);
    assert.ok(lastDelta < types.indexOf('reasoning'));
    assert.ok(lastDelta < types.indexOf('assistant') && lastDelta < types.indexOf('tokens'));
    const text = events.ofType('assistant-delta').map((e) => e.text);
    assert.equal(text.join(''), 'the answer is 42');
    for (const e of [...events.ofType('assistant-delta'), ...events.ofType('reasoning-delta')])
      assert.notEqual(e.text, '');
    assert.equal(events.ofType('reasoning')[0]?.text, 'let me think');
  });

  test('without streaming no delta events are emitted', async () => {
    const { agent, events } = scriptedAgent([{ reasoning: 'hmm', text: 'answer' }]);
    await agent.turn('q');
    assert.equal(events.ofType('assistant-delta').length + events.ofType('reasoning-delta').length, 0);
    assert.deepEqual(events.types(), [
      'turn-start',
      'context-cap',
      'user-turn',
      'model-start',
      'reasoning',
      'assistant',
      'tokens',
      'turn-end',
    ]);
  });

  test('calling run while a turn is in flight throws TurnInProgressError and leaves the turn intact', async () => {
    const gate = gateTool();
    const { agent } = scriptedAgent([{ toolCalls: [{ name: 'gate', arguments: {} }] }, { text: 'ok' }], {
      tools: [gate.tool],
    });
    const first = agent.turn('one');
    await gate.started;
    await assert.rejects(agent.turn('two'), (e: unknown) => TurnInProgressError.isInstance(e));
    assert.throws(
      () => agent.clearConversation(),
      (e: unknown) => TurnInProgressError.isInstance(e),
    );
    gate.release();
    assert.equal(await first, 'ok');
    assertSendable(messagesOf(agent));
    assert.equal(messagesOf(agent).filter((m) => m.role === 'user').length, 1);
  });

  test('many agents run concurrently in one process', async () => {
    const agents = Array.from({ length: 20 }, (_, i) =>
      scriptedAgent(
        [{ toolCalls: [{ name: 'echo', arguments: { text: `n${i}` } }] }, { text: `answer ${i}` }],
        {
          tools: [echoTool()],
          id: `a${i}`,
        },
      ),
    );
    const answers = await Promise.all(agents.map(({ agent }, i) => agent.turn(`task ${i}`)));
    assert.deepEqual(
      answers,
      agents.map((_, i) => `answer ${i}`),
    );
    for (const { agent } of agents) assertSendable(messagesOf(agent));
  });

  test('conversation carries across turns', async () => {
    const { agent, model } = scriptedAgent([{ text: 'first' }, { text: 'second' }]);
    await agent.turn('one');
    await agent.turn('two');
    assert.deepEqual(model.calls[1]?.messages, [
      { role: 'user', content: 'one' },
      { role: 'assistant', text: 'first', toolCalls: [] },
      { role: 'user', content: 'two' },
    ]);
  });

  test('describe() is a one-line summary', () => {
    const { agent } = scriptedAgent([], { tools: [echoTool()], id: 'x' });
    assert.equal(
      agent.describe(),
      'Agent(id=x, model=scripted:scripted-model, tools=1, listeners=[InMemoryEventList])',
    );
    const bare = new Agent({ model: new ScriptedModel([]), systemPrompt: 's' });
    assert.equal(String(bare), 'Agent(id=, model=scripted:scripted-model, tools=0, listeners=[])');
  });
});
