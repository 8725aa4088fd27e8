// Stored messages: one JSON text per message in the History v1 shape, checked
// on the way back exactly as History.parse checks a document, with the failing
// message's line in the error.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { History } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import { encodeStoredMessages, readStoredMessages, SessionStoreError } from '@kodama/core/session';

const messages: HistoryMessage[] = [
  { id: 'u', kind: 'user', message: { role: 'user', content: 'read a' } },
  {
    id: 'a',
    kind: 'assistant',
    modelId: 'm',
    usage: {
      inputTokens: 3,
      outputTokens: 1,
      cacheReadTokens: undefined,
      cacheWriteTokens: undefined,
      reasoningTokens: undefined,
    },
    message: { role: 'assistant', text: '', toolCalls: [{ id: 'c', name: 'read', arguments: '{}' }] },
  },
  { id: 't', kind: 'tool', message: { role: 'tool', toolCallId: 'c', toolName: 'read', content: 'A' } },
];

test('each message encodes to the object a History v1 document holds for it', () => {
  const lines = encodeStoredMessages(messages);
  assert.deepEqual(
    lines.map((l) => JSON.parse(l)),
    JSON.parse(new History(messages).serialize()).messages,
  );
  const back = readStoredMessages(
    lines.map((l) => JSON.parse(l)),
    'src',
    (i) => i,
  );
  assert.ok(new History(back).equals(new History(messages)));
});

test('a problem names the source and the line of the message at fault, as History.parse words it', () => {
  const raw = encodeStoredMessages(messages).map((l) => JSON.parse(l));
  raw[2].message.toolName = 'write';
  const document = JSON.stringify({ format: 'kodama.history', version: 1, messages: raw });
  const parseProblem = (() => {
    try {
      History.parse(document);
    } catch (error) {
      return (error as { problem: string }).problem;
    }
    return 'parsed';
  })();
  assert.throws(
    () => readStoredMessages(raw, 'file.jsonl', (i) => 10 + i),
    (error) => {
      assert.ok(SessionStoreError.isInstance(error));
      assert.equal(error.problem, parseProblem);
      assert.equal(error.line, 12);
      assert.equal(error.message, `file.jsonl:12: ${parseProblem}`);
      return true;
    },
  );
  raw[2].message.toolName = 'read';
  raw[1].id = 'u';
  assert.throws(
    () => readStoredMessages(raw, 'f', (i) => i + 1),
    (error) =>
      SessionStoreError.isInstance(error) &&
      error.line === 2 &&
      /repeats messages\[0\]\.id/.test(error.problem),
  );
});
