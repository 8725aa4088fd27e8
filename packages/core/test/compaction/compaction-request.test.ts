// compactionRequest: a tools-free request whose transcript shows what happened
// (calls with arguments, results), hides reasoning, and stays bounded.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clipMiddle } from '../../src/compaction/clip-middle.ts';
import { compactionRequest } from '../../src/compaction/compaction-request.ts';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.ts';
import type { HistoryMessage } from '../../src/history/history-message.ts';
import { Builder } from './conversations.ts';

function userText(request: ReturnType<typeof compactionRequest>): string {
  assert.equal(request.messages.length, 1);
  const message = request.messages[0]!;
  assert.equal(message.role, 'user');
  assert.ok(message.role === 'user' && typeof message.content === 'string');
  return message.content;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('compactionRequest', () => {
  const fold = new Builder()
    .step('I will read the config', ['read_file'])
    .user('also check the lock file', 'injected')
    .step('The port is 8080.').entries;

  test('is tools-free and asks for a faithful summary of facts, decisions, files and open tasks', () => {
    const request = compactionRequest(fold);
    assert.equal(request.tools, undefined);
    const system = request.system ?? '';
    for (const phrase of ['facts established', 'decisions', 'files read, created or changed', 'open tasks']) {
      assert.ok(system.includes(phrase), phrase);
    }
    assert.match(system, /Never add anything that is not in the transcript/);
  });

  test('the transcript holds every message, tool calls with their arguments and results, and no reasoning', () => {
    const text = userText(compactionRequest(fold));
    assert.match(text, /\(4 messages\)/);
    assert.match(text, /### assistant\nI will read the config\n→ called read_file \{"n":0\}/);
    assert.match(text, /### tool result \(read_file\)\nresult of c1/);
    assert.match(text, /### user \(added context\)\nalso check the lock file/);
    assert.match(text, /The port is 8080\./);
    assert.doesNotMatch(text, /thinking about/);
    assert.ok(text.indexOf('read the config') < text.indexOf('lock file'), 'in conversation order');
  });

  test('images are named, not inlined', () => {
    const entry: HistoryMessage = {
      id: 'u',
      kind: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'text', text: 'what is this?' },
          { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
        ],
      },
    };
    const text = userText(compactionRequest([entry]));
    assert.match(text, /what is this\?\n\[image: image\/png\]/);
    assert.doesNotMatch(text, /iVBORw0KGgo/);
  });

  test('a long tool result keeps its start and end within maxResultChars', () => {
    const big = `BEGIN${'x'.repeat(50_000)}END`;
    const entries: HistoryMessage[] = [
      ...new Builder().step('', ['fetch'], false).entries,
      { id: 't', kind: 'tool', message: { role: 'tool', toolCallId: 'c1', toolName: 'fetch', content: big } },
    ];
    const text = userText(compactionRequest(entries, { maxResultChars: 1_000 }));
    assert.match(text, /BEGINx+\n\[… 49008 characters left out …\]\nx+END/);
    assert.ok(text.length < 1_500, `transcript of ${text.length} characters`);
  });

  test('the whole transcript is bounded by maxTranscriptChars', () => {
    const b = new Builder();
    for (let i = 0; i < 500; i++) b.user(`message ${i} ${'y'.repeat(200)}`, 'injected');
    const text = userText(compactionRequest(b.entries, { maxTranscriptChars: 5_000 }));
    assert.ok(text.length < 5_200, `transcript of ${text.length} characters`);
    assert.match(text, /message 0 /);
    assert.match(text, /message 499 /);
    assert.match(text, /characters left out/);
  });

  test('options must be positive integers', () => {
    assert.throws(
      () => compactionRequest(fold, { maxResultChars: 0 }),
      (e: unknown) =>
        InvalidOptionError.isInstance(e) && e.option === 'CompactionRequestOptions.maxResultChars',
    );
    assert.throws(() => compactionRequest(fold, { maxTranscriptChars: 2.5 }), /maxTranscriptChars/);
  });
});

describe('clipMiddle', () => {
  test('leaves short text alone and names how much it cut from long text', () => {
    assert.equal(clipMiddle('abcdef', 6), 'abcdef');
    assert.equal(clipMiddle('abcdefghij', 4), 'ab\n[… 6 characters left out …]\nij');
  });

  test('never splits a surrogate pair', () => {
    const emoji = '😀'.repeat(100);
    for (let max = 1; max < 30; max++) {
      assert.doesNotMatch(clipMiddle(emoji, max), LONE_SURROGATE, `max ${max}`);
      assert.doesNotMatch(clipMiddle(`a${emoji}`, max), LONE_SURROGATE, `max ${max}, shifted`);
    }
  });
});
