import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { History } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import { PNG_1X1, SAMPLE } from './sample.ts';

describe('History serialization', () => {
  test('writes a self-contained v1 document that parses back to an equal value', () => {
    const history = new History(SAMPLE);
    const text = history.serialize();
    const document = JSON.parse(text);
    assert.equal(document.format, 'kodama.history');
    assert.equal(document.version, History.FORMAT_VERSION);
    assert.equal(document.messages.length, 4);
    assert.equal(document.messages[0].message.content[1].data, PNG_1X1);
    const back = History.parse(text);
    assert.ok(back.equals(history));
    assert.deepEqual(back.messages, history.messages);
  });

  test('JSON.stringify(history) is the same document', () => {
    const history = new History(SAMPLE);
    assert.equal(JSON.stringify(history), history.serialize());
  });

  test('leaves out undefined optionals and whatever extra properties a caller carried', () => {
    const extra = {
      id: 'x',
      kind: 'assistant',
      modelId: undefined,
      scratch: 'not stored',
      usage: {
        inputTokens: 3,
        outputTokens: undefined,
        cacheReadTokens: undefined,
        cacheWriteTokens: undefined,
        reasoningTokens: undefined,
      },
      message: { role: 'assistant', text: 'hi', reasoning: undefined, toolCalls: [], provider: 'not stored' },
    } as HistoryMessage;
    const stored = JSON.parse(new History([extra]).serialize()).messages[0];
    assert.deepEqual(stored, {
      id: 'x',
      kind: 'assistant',
      message: { role: 'assistant', text: 'hi', toolCalls: [] },
      usage: { inputTokens: 3 },
    });
    assert.ok(History.parse(new History([extra]).serialize()).equals(new History([extra])));
  });

  test('keeps an empty reasoning apart from none', () => {
    const base: HistoryMessage = {
      id: 'a',
      kind: 'assistant',
      message: { role: 'assistant', text: '', toolCalls: [] },
    };
    const empty: HistoryMessage = {
      ...base,
      message: { role: 'assistant', text: '', reasoning: '', toolCalls: [] },
    };
    const back = History.parse(new History([empty]).serialize());
    assert.equal((back.messages[0]!.message as { reasoning?: string }).reasoning, '');
    assert.equal(back.equals(new History([base])), false);
  });
});

describe('History value', () => {
  test('copies the message array it is given', () => {
    const list = [...SAMPLE];
    const history = new History(list);
    list.pop();
    assert.equal(history.messages.length, 4);
    assert.ok(Object.isFrozen(history.messages));
  });

  test('equals compares every field', () => {
    const history = new History(SAMPLE);
    assert.ok(history.equals(new History(structuredClone(SAMPLE) as HistoryMessage[])));
    const changed = (patch: (m: HistoryMessage[]) => void) => {
      const copy = structuredClone(SAMPLE) as HistoryMessage[];
      patch(copy);
      return history.equals(new History(copy));
    };
    const mutable = (value: unknown) => value as Record<string, unknown>;
    assert.equal(
      changed((m) => m.pop()),
      false,
    );
    assert.equal(
      changed((m) => {
        mutable(m[0]).id = 'other';
      }),
      false,
    );
    assert.equal(
      changed((m) => {
        mutable(m[1]).modelId = 'openai:gpt-5';
      }),
      false,
    );
    assert.equal(
      changed((m) => {
        mutable(m[1]!.usage).outputTokens = 41;
      }),
      false,
    );
    assert.equal(
      changed((m) => {
        mutable(m[1]!.message).reasoning = 'other';
      }),
      false,
    );
    assert.equal(
      changed((m) => {
        mutable((mutable(m[1]!.message).toolCalls as unknown[])[1]).arguments = '{}';
      }),
      false,
    );
    assert.equal(
      changed((m) => {
        mutable((mutable(m[0]!.message).content as unknown[])[1]).data = 'AAAA';
      }),
      false,
    );
    assert.equal(
      changed((m) => {
        mutable(m[2]!.message).content = '43';
      }),
      false,
    );
    assert.equal(
      changed((m) => {
        mutable(m[3]).kind = 'user';
      }),
      false,
    );
  });
});
