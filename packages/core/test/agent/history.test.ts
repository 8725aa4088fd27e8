import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { INTERRUPTED_RESULT } from '../../src/entries/history.ts';
import { History } from '../../src/index.ts';
import { assertSendable, echoTool, messagesOf, scriptedAgent } from './helpers.ts';

describe('history export and load', () => {
  test('export holds messages, tool calls and results, thinking, images, usage and model id; no system prompt', async () => {
    const { agent } = scriptedAgent(
      [
        {
          reasoning: 'need echo',
          toolCalls: [{ id: 'c', name: 'echo', arguments: { text: 'x' } }],
          usage: { inputTokens: 50, outputTokens: 7 },
        },
        { text: 'done', usage: { inputTokens: 70, outputTokens: 3 } },
      ],
      { tools: [echoTool()] },
    );
    await agent.turn([
      { type: 'text', text: 'look' },
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ]);
    const h = agent.exportHistory();
    assert.ok(h instanceof History);
    assert.deepEqual(
      h.messages.map((m) => m.kind),
      ['user', 'assistant', 'tool', 'assistant'],
    );
    const first = h.messages[1]!;
    assert.equal(first.modelId, 'scripted-model');
    assert.equal(first.usage?.inputTokens, 50);
    assert.equal(first.message.role === 'assistant' && first.message.reasoning, 'need echo');
    const user = h.messages[0]!.message;
    assert.equal(user.role === 'user' && Array.isArray(user.content) && user.content[1]?.type, 'image');
    assert.ok(!JSON.stringify(h).includes('You are a test agent'));
    assert.ok(History.parse(h.serialize()).equals(h), 'round-trips');
  });

  test('loadHistory restores, emits Reset then HistoryLoaded with the last usage, and the next turn builds on it', async () => {
    const { agent: source } = scriptedAgent([
      { text: 'remembered', usage: { inputTokens: 1200, outputTokens: 30 } },
    ]);
    await source.turn('remember this');
    const saved = History.parse(source.exportHistory().serialize());
    const { agent, events, model } = scriptedAgent([{ text: 'yes' }]);
    const count = agent.loadHistory(saved);
    assert.equal(count, 2);
    assert.deepEqual(events.types(), ['reset', 'history-loaded']);
    const loaded = events.ofType('history-loaded')[0]!;
    assert.equal(loaded.messages, 2);
    assert.equal(loaded.tokens?.usage.inputTokens, 1200);
    await agent.turn('do you?');
    assert.deepEqual(
      model.calls[0]?.messages.map((m) => m.role),
      ['user', 'assistant', 'user'],
    );
    assert.ok(
      agent
        .exportHistory()
        .messages.slice(0, 2)
        .every((m, i) => m.id === saved.messages[i]!.id),
    );
  });

  test('loadHistory answers tool calls whose results never arrived', () => {
    const broken = new History([
      { id: '1', kind: 'user', message: { role: 'user', content: 'go' } },
      {
        id: '2',
        kind: 'assistant',
        message: { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'echo', arguments: '{}' }] },
      },
    ]);
    const { agent } = scriptedAgent([]);
    agent.loadHistory(broken);
    const msgs = messagesOf(agent);
    assertSendable(msgs);
    assert.deepEqual(msgs.at(-1), {
      role: 'tool',
      toolCallId: 'c1',
      toolName: 'echo',
      content: INTERRUPTED_RESULT,
    });
  });

  test('loadHistory refuses anything but a History, pointing at History.parse / History.load', () => {
    const { agent } = scriptedAgent([]);
    assert.throws(
      () => agent.loadHistory('{"messages": []}' as unknown as History),
      (e: unknown) =>
        e instanceof TypeError && /History\.parse/.test(e.message) && /History\.load/.test(e.message),
    );
  });

  test('clearConversation empties the conversation and exports nothing', async () => {
    const { agent } = scriptedAgent([{ text: 'a' }]);
    await agent.turn('x');
    agent.clearConversation();
    assert.equal(agent.exportHistory().messages.length, 0);
    assert.equal(agent.lastAssistantContent(), undefined);
  });
});
