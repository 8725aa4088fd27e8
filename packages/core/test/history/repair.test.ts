import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { History } from '@kodama/core';
import { type HistoryMessage, INTERRUPTED_RESULT } from '@kodama/core/history';
import { SAMPLE } from './sample.ts';

const call = (id: string, name = 'tool') => ({ id, name, arguments: '{}' });
const assistant = (id: string, ...calls: ReturnType<typeof call>[]): HistoryMessage => ({
  id,
  kind: 'assistant',
  message: { role: 'assistant', text: '', toolCalls: calls },
});
const result = (id: string, toolCallId: string): HistoryMessage => ({
  id,
  kind: 'tool',
  message: { role: 'tool', toolCallId, toolName: 'tool', content: 'ok' },
});
const user = (id: string): HistoryMessage => ({ id, kind: 'user', message: { role: 'user', content: 'go' } });

/** The shape of a message list: ids of real messages, `~callId` for a synthesized result. */
function shape(history: History): string[] {
  return history.messages.map((m) =>
    m.message.role === 'tool' && m.message.content === INTERRUPTED_RESULT ? `~${m.message.toolCallId}` : m.id,
  );
}

describe('History.repairInterruptedToolCalls', () => {
  test('returns the same instance when every call has a result', () => {
    const history = new History([user('u'), assistant('a', call('c1')), result('r', 'c1'), user('u2')]);
    assert.equal(history.repairInterruptedToolCalls(), history);
    const empty = new History([]);
    assert.equal(empty.repairInterruptedToolCalls(), empty);
  });

  test('answers dangling calls after the batch results, before the next non-tool message', () => {
    const history = new History(SAMPLE);
    const repaired = history.repairInterruptedToolCalls();
    assert.notEqual(repaired, history);
    assert.deepEqual(shape(repaired), ['m1', 'm2', 'm3', '~call_2', 'm4']);
    const synthesized = repaired.messages[3]!;
    assert.equal(synthesized.kind, 'tool');
    assert.deepEqual(synthesized.message, {
      role: 'tool',
      toolCallId: 'call_2',
      toolName: 'web_search',
      content: INTERRUPTED_RESULT,
    });
    assert.ok(!SAMPLE.some((m) => m.id === synthesized.id));
    assert.equal(history.messages.length, 4, 'the original is untouched');
  });

  test('keeps model order, handles several batches and a batch at the very end', () => {
    const history = new History([
      assistant('a1', call('c1'), call('c2'), call('c3')),
      result('r2', 'c2'),
      user('u'),
      assistant('a2', call('d1')),
      assistant('a3', call('e1'), call('e2')),
    ]);
    const repaired = history.repairInterruptedToolCalls();
    assert.deepEqual(shape(repaired), ['a1', 'r2', '~c1', '~c3', 'u', 'a2', '~d1', 'a3', '~e1', '~e2']);
    assert.equal(repaired.repairInterruptedToolCalls(), repaired, 'a repaired history needs no more repair');
  });

  test('produces a history that parses again', () => {
    const repaired = new History(SAMPLE).repairInterruptedToolCalls();
    assert.ok(History.parse(repaired.serialize()).equals(repaired));
  });
});
