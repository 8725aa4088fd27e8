// Messages and records the session-store contract suite writes and reads back.
import assert from 'node:assert/strict';
import { type Content, type ContentPart, History, type Usage } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import type { Clock } from '@kodama/core/ids';
import type { RunRecord } from '@kodama/core/session';

/** Eight bytes of a PNG signature: canonical base64, which the History v1 checks require. */
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');

/** Usage with every field set. */
export const USAGE: Usage = {
  inputTokens: 812,
  outputTokens: 96,
  cacheReadTokens: 700,
  cacheWriteTokens: undefined,
  reasoningTokens: 12,
};

/** A user message. */
export const user = (id: string, content: string): HistoryMessage => ({
  id,
  kind: 'user',
  message: { role: 'user', content },
});
/** An assistant message without tool calls. */
export const answer = (id: string, text: string): HistoryMessage => ({
  id,
  kind: 'assistant',
  modelId: 'gpt-4.1',
  message: { role: 'assistant', text, toolCalls: [] },
});

/** Text followed by an image: the content of a user message or a tool result. */
export const withPicture = (text: string): ContentPart[] => [
  { type: 'text', text },
  { type: 'image', mediaType: 'image/png', data: PNG },
];
/** A tool result. */
export const result = (
  id: string,
  toolCallId: string,
  toolName: string,
  content: Content,
): HistoryMessage => ({
  id,
  kind: 'tool',
  message: { role: 'tool', toolCallId, toolName, content },
});

/** A conversation with every kind of content the History v1 shape holds. */
export function conversation(): HistoryMessage[] {
  const calls = [
    { id: 'c1', name: 'read', arguments: '{"path":"a.png"}' },
    { id: 'c2', name: 'calculator', arguments: '{"expression":"2**10"}' },
  ];
  const reasoning = 'I should read the file and measure it.';
  return [
    {
      id: 'm1',
      kind: 'user',
      message: { role: 'user', content: withPicture('  What is in\n this picture?  ') },
    },
    {
      id: 'm2',
      kind: 'assistant',
      modelId: 'claude-sonnet-4',
      usage: USAGE,
      message: { role: 'assistant', text: 'Let me look.', reasoning, toolCalls: calls },
    },
    result('m3', 'c1', 'read', withPicture('a.png:')),
    result('m4', 'c2', 'calculator', '1024'),
    { id: 'm5', kind: 'injected', message: { role: 'user', content: 'Also: be brief.' } },
    answer('m6', 'A 1024-pixel PNG signature. ✓'),
  ];
}

/** A run record, with overrides. */
export const run = (over: Partial<RunRecord> = {}): RunRecord => ({
  runId: 'r1',
  sessionId: 's1',
  outcome: 'completed',
  startedAt: 1_767_225_600_000,
  endedAt: 1_767_225_601_500,
  usage: USAGE,
  ...over,
});

/** Asserts two message lists are equal, field by field. */
export function assertSameMessages(
  actual: readonly HistoryMessage[],
  expected: readonly HistoryMessage[],
): void {
  const same = new History(actual).equals(new History(expected));
  if (!same) assert.deepEqual(actual, expected); // shows the difference
  assert.ok(same);
}

/** A clock the suite moves by hand. */
export class ManualClock implements Clock {
  #now = 1_767_225_600_000;
  now(): number {
    return this.#now;
  }
  advance(ms = 1000): number {
    this.#now += ms;
    return this.#now;
  }
}
