import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { History, HistoryError } from '@kodama/core';

/** A v1 document around `messages`, as JSON text. */
function doc(messages: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ format: 'kodama.history', version: 1, messages, ...extra });
}

const user = { id: 'u1', kind: 'user', message: { role: 'user', content: 'hi' } };
const callingAssistant = {
  id: 'a1',
  kind: 'assistant',
  message: { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'calc', arguments: '{"x":1}' }] },
};
const result = {
  id: 't1',
  kind: 'tool',
  message: { role: 'tool', toolCallId: 'c1', toolName: 'calc', content: '2' },
};

/** Asserts that parsing `input` throws a HistoryError whose problem is exactly `problem`. */
function rejects(input: string | Uint8Array, problem: string | RegExp): void {
  assert.throws(
    () => History.parse(input),
    (error: unknown) => {
      assert.ok(HistoryError.isInstance(error), `expected a HistoryError, got ${String(error)}`);
      assert.ok(error instanceof HistoryError);
      if (typeof problem === 'string') assert.equal(error.problem, problem);
      else assert.match(error.problem, problem);
      assert.equal(error.message, error.problem);
      return true;
    },
  );
}

describe('History.parse accepts', () => {
  test('an empty conversation', () => {
    assert.deepEqual(History.parse(doc([])).messages, []);
  });

  test('a tool batch, from a string and from bytes alike', () => {
    const text = doc([user, callingAssistant, result]);
    const fromText = History.parse(text);
    const fromBytes = History.parse(new TextEncoder().encode(text));
    assert.equal(fromText.messages.length, 3);
    assert.ok(fromText.equals(fromBytes));
    assert.deepEqual(fromText.messages[1]!.message, callingAssistant.message);
  });

  test('a tool call that has no result yet (repair is a separate step)', () => {
    assert.equal(History.parse(doc([user, callingAssistant])).messages.length, 2);
  });

  test('usage with some fields missing, read back as undefined', () => {
    const h = History.parse(doc([{ ...callingAssistant, usage: { inputTokens: 5 } }]));
    assert.deepEqual(h.messages[0]!.usage, {
      inputTokens: 5,
      outputTokens: undefined,
      cacheReadTokens: undefined,
      cacheWriteTokens: undefined,
      reasoningTokens: undefined,
    });
  });
});

describe('History.parse with large tool batches', () => {
  const calls = Array.from({ length: 40 }, (_, i) => ({
    id: `c${i}`,
    name: `tool${i % 3}`,
    arguments: '{}',
  }));
  const big = { id: 'a', kind: 'assistant', message: { role: 'assistant', text: '', toolCalls: calls } };
  const answer = (i: number, id = `r${i}`) => ({
    id,
    kind: 'tool',
    message: { role: 'tool', toolCallId: `c${i}`, toolName: `tool${i % 3}`, content: 'ok' },
  });

  test('accepts results in any order', () => {
    const results = calls.map((_, i) => answer(39 - i));
    assert.equal(History.parse(doc([big, ...results])).messages.length, 41);
  });

  test('still refuses repeated call ids, second answers and unknown ids', () => {
    const repeated = structuredClone(big);
    repeated.message.toolCalls.push({ id: 'c7', name: 'x', arguments: '' });
    rejects(doc([repeated]), /^messages\[0\]\.message\.toolCalls\[40\]\.id "c7" repeats/);
    rejects(doc([big, answer(30), answer(30, 'again')]), /^messages\[2\].* already has a result$/);
    rejects(doc([big, answer(99)]), /^messages\[1\]\.message\.toolCallId "c99" answers no tool call/);
  });
});

describe('History.parse refuses, naming the problem', () => {
  test('a mistyped tool call id', () => {
    const bad = structuredClone(callingAssistant);
    (bad.message.toolCalls[0] as { id: unknown }).id = 7;
    rejects(doc([user, bad]), 'messages[1].message.toolCalls[0].id must be a string, got a number');
  });

  test('a newer format version', () => {
    rejects(
      JSON.stringify({ format: 'kodama.history', version: 2, messages: [], later: true }),
      'history format version 2 is newer than this kodama understands (1)',
    );
  });

  test('a bad version, format or top-level shape', () => {
    rejects(doc([], { version: 0 }), 'version must be a positive integer, got 0');
    rejects(doc([], { version: '1' }), 'version must be a positive integer, got "1"');
    rejects(doc([], { format: 'other' }), 'format must be "kodama.history", got "other"');
    rejects('[]', 'the document must be an object, got an array');
    rejects('null', 'the document must be an object, got null');
    rejects(doc([], { extra: 1 }), 'the document has unknown key "extra"');
    rejects(
      JSON.stringify({ format: 'kodama.history', version: 1 }),
      'messages must be an array, got undefined',
    );
  });

  test('prototype keys anywhere', () => {
    const withKey = (json: string, at: string, key: string) =>
      json.replace(at, `${at}"${key}":{"polluted":true},`);
    const base = doc([user, callingAssistant, result]);
    rejects(withKey(base, '{', '__proto__'), 'the document has forbidden key "__proto__"');
    rejects(
      withKey(base, '"toolCalls":[{', 'constructor'),
      'messages[1].message.toolCalls[0] has forbidden key "constructor"',
    );
    rejects(
      withKey(base, '{"role":"tool",', 'prototype'),
      'messages[2].message has forbidden key "prototype"',
    );
    rejects(withKey(base, '{"id":"u1",', '__proto__'), 'messages[0] has forbidden key "__proto__"');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('prototype keys inside content parts and usage', () => {
    const parts = { ...user, message: { role: 'user', content: [{ type: 'text', text: 'x' }] } };
    const json = doc([parts]).replace('{"type":"text",', '{"type":"text","__proto__":{},');
    rejects(json, 'messages[0].message.content[0] has forbidden key "__proto__"');
    const withUsage = doc([{ ...callingAssistant, usage: { inputTokens: 1 } }]).replace(
      '"usage":{',
      '"usage":{"__proto__":1,',
    );
    rejects(withUsage, 'messages[0].usage has forbidden key "__proto__"');
  });

  test('unknown keys and missing fields', () => {
    rejects(doc([{ ...user, extra: 1 }]), 'messages[0] has unknown key "extra"');
    rejects(doc([{ id: 'u1', kind: 'user' }]), 'messages[0].message must be an object, got undefined');
    rejects(
      doc([{ ...user, message: { role: 'user' } }]),
      /^messages\[0\]\.message\.content must be a string or an array/,
    );
    rejects(doc([{ ...user, id: '' }]), 'messages[0].id must not be empty');
    rejects(doc([{ ...user, kind: 'system' }]), /^messages\[0\]\.kind must be one of .*, got "system"$/);
  });

  test('a kind that does not match the role', () => {
    rejects(
      doc([{ ...user, kind: 'assistant' }]),
      'messages[0].message.role must be "assistant", got "user"',
    );
    rejects(
      doc([{ ...callingAssistant, kind: 'injected' }]),
      'messages[0].message.role must be "user", got "assistant"',
    );
  });

  test('orphan tool results', () => {
    rejects(
      doc([result]),
      'messages[0].message.toolCallId "c1" answers no tool call of the assistant message before it',
    );
    const wrongId = { ...result, message: { ...result.message, toolCallId: 'c9' } };
    rejects(
      doc([user, callingAssistant, wrongId]),
      /^messages\[2\]\.message\.toolCallId "c9" answers no tool call/,
    );
    const interrupted = [user, callingAssistant, { ...user, id: 'u2' }, result];
    rejects(doc(interrupted), /^messages\[3\]\.message\.toolCallId "c1" answers no tool call/);
  });

  test('a second answer, a wrong tool name, repeated ids', () => {
    rejects(
      doc([callingAssistant, result, { ...result, id: 't2' }]),
      /^messages\[2\].* already has a result$/,
    );
    const renamed = { ...result, message: { ...result.message, toolName: 'other' } };
    rejects(doc([callingAssistant, renamed]), /^messages\[1\]\.message\.toolName "other" differs/);
    rejects(doc([user, { ...user }]), 'messages[1].id "u1" repeats messages[0].id');
    const twice = structuredClone(callingAssistant);
    twice.message.toolCalls.push({ id: 'c1', name: 'calc', arguments: '' });
    rejects(doc([twice]), /^messages\[0\]\.message\.toolCalls\[1\]\.id "c1" repeats/);
  });

  test('bad images', () => {
    const withPart = (part: unknown) => doc([{ ...user, message: { role: 'user', content: [part] } }]);
    rejects(
      withPart({ type: 'image', mediaType: 'image/png', data: 'QR==' }),
      'messages[0].message.content[0].data must be padded base64',
    );
    rejects(withPart({ type: 'image', mediaType: 'image/png', data: 'QQ' }), /must be padded base64/);
    rejects(
      withPart({ type: 'image', mediaType: 'png', data: 'QQ==' }),
      /mediaType "png" is not a media type/,
    );
    rejects(
      withPart({ type: 'video', data: 'QQ==' }),
      'messages[0].message.content[0].type must be "text" or "image", got "video"',
    );
    rejects(
      withPart({ type: 'image', mediaType: 'image/png', attachment: `attachments/${'a'.repeat(64)}.png` }),
      /only History\.load of the folder can resolve it/,
    );
  });

  test('bad usage counts', () => {
    rejects(
      doc([{ ...callingAssistant, usage: { inputTokens: -1 } }]),
      'messages[0].usage.inputTokens must be a non-negative integer, got -1',
    );
    rejects(
      doc([{ ...callingAssistant, usage: { outputTokens: 1.5 } }]),
      /outputTokens must be a non-negative integer/,
    );
    rejects(
      doc([{ ...callingAssistant, usage: { tokens: 1 } }]),
      'messages[0].usage has unknown key "tokens"',
    );
  });

  test('malformed bytes', () => {
    rejects('{"format":', /^history is not valid JSON/);
    rejects('', /^history is not valid JSON/);
    rejects(new Uint8Array([0x7b, 0xff, 0x7d]), 'history is not valid UTF-8');
    rejects(42 as unknown as string, 'history input must be a string or bytes, got number');
  });
});

describe('HistoryError', () => {
  test('is recognized across installs', async () => {
    const error = new HistoryError('x must be a string', { source: '/tmp/h.json' });
    assert.equal(error.message, '/tmp/h.json: x must be a string');
    assert.equal(error.name, 'HistoryError');
    assert.equal(error.code, 'history-error');
    // A second copy of the module, as a duplicate install would load it.
    const copy = (await import(`../../src/history/errors.ts?copy=${Date.now()}`)) as {
      HistoryError: typeof HistoryError;
    };
    assert.notEqual(copy.HistoryError, HistoryError);
    const foreign = new copy.HistoryError('y');
    assert.equal(foreign instanceof HistoryError, false);
    assert.ok(HistoryError.isInstance(foreign));
    assert.equal(HistoryError.isInstance(new Error('x')), false);
    assert.equal(HistoryError.isInstance(null), false);
  });
});
