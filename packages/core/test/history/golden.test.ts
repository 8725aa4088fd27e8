// The golden corpus: hand-written v1 documents and the outcome each must have.
// Ordinary tests never regenerate these files; a format change adds a v2 folder.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type Content, History, HistoryError, type Usage } from '@kodama/core';
import { type HistoryMessage, INTERRUPTED_RESULT } from '@kodama/core/history';
import { PNG_1X1 } from './sample.ts';

const CORPUS = fileURLToPath(new URL('../fixtures/history/v1/', import.meta.url));

const usage = (u: Partial<Usage>): Usage => ({
  inputTokens: undefined,
  outputTokens: undefined,
  cacheReadTokens: undefined,
  cacheWriteTokens: undefined,
  reasoningTokens: undefined,
  ...u,
});
const said = (id: string, content: string, kind: 'user' | 'injected' = 'user'): HistoryMessage => ({
  id,
  kind,
  message: { role: 'user', content },
});
const answered = (id: string, text: string): HistoryMessage => ({
  id,
  kind: 'assistant',
  message: { role: 'assistant', text, toolCalls: [] },
});
const result = (id: string, toolCallId: string, toolName: string, content: Content): HistoryMessage => ({
  id,
  kind: 'tool',
  message: { role: 'tool', toolCallId, toolName, content },
});
const calling = (id: string, ...calls: [string, string, string][]): HistoryMessage => ({
  id,
  kind: 'assistant',
  message: {
    role: 'assistant',
    text: '',
    toolCalls: calls.map(([callId, name, args]) => ({ id: callId, name, arguments: args })),
  },
});

const IMAGES: HistoryMessage[] = [
  {
    id: 'm1',
    kind: 'user',
    message: {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image', mediaType: 'image/png', data: PNG_1X1 },
      ],
    },
  },
  calling('m2', ['c1', 'read', '{"path":"shot.png"}']),
  result('m3', 'c1', 'read', [
    { type: 'text', text: 'shot.png (1x1)' },
    { type: 'image', mediaType: 'image/png', data: PNG_1X1 },
  ]),
  answered('m4', 'A single transparent pixel.'),
];

/** Every entry of the corpus folder, with the messages it holds or the exact problem it raises. */
const EXPECTED: Record<string, { messages: HistoryMessage[] } | { problem: string | RegExp }> = {
  'valid-simple-chat.json': {
    messages: [
      said('0b6c1f8e-0001', 'Hello! Who are you?'),
      answered('0b6c1f8e-0002', 'I am a coding assistant.'),
      said('0b6c1f8e-0003', 'Thanks — ünïcödé ✓'),
    ],
  },
  'valid-tool-calls.json': {
    messages: [
      said('m1', 'What is 6*7 and what time is it?'),
      calling('m2', ['call_a', 'calculator', '{"expression":"6*7"}'], ['call_b', 'clock', '{}']),
      result('m3', 'call_b', 'clock', '12:00'),
      result('m4', 'call_a', 'calculator', '42'),
      said('m5', 'Answer in one line.', 'injected'),
      calling('m6', ['call_c', 'calculator', '{"expression":']),
      result('m7', 'call_c', 'calculator', 'Error: arguments are not valid JSON'),
      answered('m8', '42, at noon.'),
    ],
  },
  'valid-thinking-usage-model.json': {
    messages: [
      said('m1', 'Is 91 prime?'),
      {
        id: 'm2',
        kind: 'assistant',
        modelId: 'anthropic:claude-sonnet-4',
        usage: usage({
          inputTokens: 812,
          outputTokens: 96,
          cacheReadTokens: 700,
          cacheWriteTokens: 0,
          reasoningTokens: 64,
        }),
        message: {
          role: 'assistant',
          text: 'No: 91 = 7 × 13.',
          reasoning: '91 / 7 = 13, so it has a divisor other than 1 and itself.',
          toolCalls: [],
        },
      },
      said('m3', 'And 97?'),
      {
        id: 'm4',
        kind: 'assistant',
        modelId: 'llamacpp:qwen3-8b',
        usage: usage({ inputTokens: 930, outputTokens: 12 }),
        message: { role: 'assistant', text: 'Yes, 97 is prime.', reasoning: '', toolCalls: [] },
      },
    ],
  },
  'valid-images.json': { messages: IMAGES },
  'valid-folder-images': { messages: IMAGES },
  'valid-dangling-tool-call.json': {
    messages: [
      said('m1', 'Run the tests.'),
      calling('m2', ['t1', 'bash', '{"command":"npm test"}'], ['t2', 'read', '{"path":"README.md"}']),
      result('m3', 't2', 'read', '# readme'),
    ],
  },
  'invalid-future-version.json': {
    problem: 'history format version 2 is newer than this kodama understands (1)',
  },
  'invalid-malformed-json.json': { problem: /^history is not valid JSON \(/ },
  'invalid-missing-fields.json': { problem: 'messages[1].message.toolCalls must be an array, got undefined' },
  'invalid-wrong-types.json': {
    problem: 'messages[2].message.toolCalls[0].id must be a string, got a number',
  },
  'invalid-prototype-key.json': { problem: 'messages[0].message.toolCalls[0] has forbidden key "__proto__"' },
  'invalid-orphan-tool-result.json': {
    problem:
      'messages[2].message.toolCallId "call_9" answers no tool call of the assistant message before it',
  },
  'invalid-duplicate-ids.json': { problem: 'messages[2].id "m1" repeats messages[0].id' },
  'invalid-bad-base64.json': { problem: 'messages[0].message.content[0].data must be padded base64' },
  'invalid-truncated.json': { problem: /^history is not valid JSON \(/ },
  'invalid-folder-corrupt-attachment': {
    problem:
      /^messages\[0\]\.message\.content\[0\]\.attachment: attachments\/63ef[0-9a-f]+\.png does not match its sha256/,
  },
};

async function outcome(name: string): Promise<History | HistoryError> {
  const path = join(CORPUS, name);
  try {
    // Single documents go through parse too, so both doors are exercised.
    if (name.endsWith('.json')) History.parse(readFileSync(path));
    return await History.load(path);
  } catch (error) {
    if (HistoryError.isInstance(error)) return error;
    throw error;
  }
}

describe('golden corpus v1', () => {
  test('every file in the corpus has an expected outcome, and every expectation a file', () => {
    assert.deepEqual(readdirSync(CORPUS).sort(), Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    test(name, async () => {
      const got = await outcome(name);
      if ('messages' in expected) {
        assert.ok(
          !HistoryError.isInstance(got),
          `expected a history, got: ${HistoryError.isInstance(got) ? got.message : ''}`,
        );
        assert.deepEqual(got.messages, expected.messages);
        assert.ok(got.equals(new History(expected.messages)));
        assert.ok(History.parse(got.serialize()).equals(got));
      } else {
        assert.ok(HistoryError.isInstance(got), 'expected a HistoryError');
        if (typeof expected.problem === 'string') assert.equal(got.problem, expected.problem);
        else assert.match(got.problem, expected.problem);
      }
    });
  }

  test('the dangling call is repaired after the batch result', async () => {
    const repaired = (
      await History.load(join(CORPUS, 'valid-dangling-tool-call.json'))
    ).repairInterruptedToolCalls();
    assert.equal(repaired.messages.length, 4);
    assert.deepEqual(repaired.messages[3]!.message, {
      role: 'tool',
      toolCallId: 't1',
      toolName: 'bash',
      content: INTERRUPTED_RESULT,
    });
  });
});
