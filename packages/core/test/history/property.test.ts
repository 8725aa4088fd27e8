import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { History, HistoryError } from '@kodama/core';
import { INTERRUPTED_RESULT } from '@kodama/core/history';
import fc from 'fast-check';
import { assertWellFormed, historyMessages } from './arbitraries.ts';

const root = await mkdtemp(join(tmpdir(), 'kodama-history-prop-'));
after(() => rm(root, { recursive: true, force: true }));
let counter = 0;

/**
 * Parses untrusted input: it must either throw a HistoryError or return a
 * well-formed history that survives another round trip. Returns which happened.
 */
function parseOutcome(input: string | Uint8Array): 'rejected' | 'accepted' {
  let history: History;
  try {
    history = History.parse(input);
  } catch (error) {
    if (!HistoryError.isInstance(error)) throw new Error(`parse threw a non-HistoryError: ${String(error)}`);
    return 'rejected';
  }
  assertWellFormed(history.messages);
  assert.ok(History.parse(history.serialize()).equals(history));
  return 'accepted';
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every (container, key) slot of a JSON value, depth first. */
function slots(
  value: Json,
  out: Array<{ parent: Json[] | { [key: string]: Json }; key: string | number }> = [],
) {
  if (Array.isArray(value)) {
    value.forEach((child, i) => {
      out.push({ parent: value, key: i });
      slots(child, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push({ parent: value, key });
      slots(child, out);
    }
  }
  return out;
}

const mutation = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom('delete', 'replace', 'add-key', 'duplicate'),
  value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
  key: fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'data',
      'attachment',
      'usage',
      'reasoning',
      'modelId',
    ),
  ),
});

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(document: Json, m: Mutation): void {
  const all = slots(document);
  if (all.length === 0) return;
  const { parent, key } = all[m.pick % all.length]!;
  if (Array.isArray(parent)) {
    const i = key as number;
    if (m.kind === 'delete') parent.splice(i, 1);
    else if (m.kind === 'duplicate') parent.splice(i, 0, structuredClone(parent[i]!));
    else parent[i] = m.value;
    return;
  }
  if (m.kind === 'delete') delete parent[key];
  else if (m.kind === 'replace') parent[key] = m.value;
  else {
    const target = parent[key];
    const object = target !== null && typeof target === 'object' && !Array.isArray(target) ? target : parent;
    // defineProperty so that "__proto__" becomes an own key, as JSON.parse would make it.
    Object.defineProperty(object, m.key, {
      value: m.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

/** Offsets of every `{` that opens an object (outside string literals) in JSON text. */
function objectStarts(text: string): number[] {
  const starts: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') starts.push(i);
  }
  return starts;
}

describe('history properties', () => {
  test('serialize → parse gives an equal value', () => {
    fc.assert(
      fc.property(historyMessages, (messages) => {
        const history = new History(messages);
        const back = History.parse(history.serialize());
        assert.ok(back.equals(history));
        assert.deepEqual(JSON.parse(back.serialize()), JSON.parse(history.serialize()));
      }),
      { numRuns: 300 },
    );
  });

  test('save → load round-trips through a file and a folder', async () => {
    await fc.assert(
      fc.asyncProperty(historyMessages, async (messages) => {
        const history = new History(messages);
        const base = join(root, String(++counter));
        await history.save(`${base}.json`);
        await history.save(base, { layout: 'folder' });
        assert.ok((await History.load(`${base}.json`)).equals(history));
        assert.ok((await History.load(base)).equals(history));
      }),
      { numRuns: 40 },
    );
  });

  test('repair answers every call once, keeps the history valid, and is idempotent', () => {
    fc.assert(
      fc.property(historyMessages, (messages) => {
        const repaired = new History(messages).repairInterruptedToolCalls();
        assertWellFormed(repaired.messages);
        const answered = new Set<string>();
        repaired.messages.forEach((m, i) => {
          if (m.message.role === 'tool') answered.add(`${i}:${m.message.toolCallId}`);
        });
        repaired.messages.forEach((m, i) => {
          if (m.message.role !== 'assistant') return;
          for (const call of m.message.toolCalls) {
            const found = repaired.messages
              .slice(i + 1)
              .findIndex((r) => r.message.role !== 'tool' || r.message.toolCallId === call.id);
            const answer = repaired.messages[i + 1 + found];
            assert.ok(
              found >= 0 && answer?.message.role === 'tool',
              `call ${call.id} has a result in its batch`,
            );
          }
        });
        const originalIds = new Set(messages.map((m) => m.id));
        const kept = repaired.messages.filter((m) => originalIds.has(m.id));
        assert.deepEqual(kept, messages, 'the original messages stay, in order');
        for (const m of repaired.messages.filter((m) => !originalIds.has(m.id))) {
          assert.equal(m.message.role === 'tool' && m.message.content, INTERRUPTED_RESULT);
        }
        assert.equal(repaired.repairInterruptedToolCalls(), repaired);
        assert.ok(History.parse(repaired.serialize()).equals(repaired));
      }),
      { numRuns: 300 },
    );
  });
});

describe('history fuzzing: parse throws only HistoryError', () => {
  test('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        assert.equal(parseOutcome(bytes), 'rejected');
      }),
      { numRuns: 500 },
    );
  });

  test('random strings and JSON values', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        assert.equal(parseOutcome(text), 'rejected');
      }),
      { numRuns: 500 },
    );
  });

  test('every truncation of a valid document', () => {
    fc.assert(
      fc.property(historyMessages, fc.nat(), (messages, cut) => {
        const text = new History(messages).serialize();
        assert.equal(parseOutcome(text.slice(0, cut % text.length)), 'rejected');
      }),
      { numRuns: 500 },
    );
  });

  test('random mutations of a valid document', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        historyMessages,
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (messages, mutations) => {
          const document = JSON.parse(new History(messages).serialize()) as Json;
          for (const m of mutations) mutate(document, m);
          if (parseOutcome(JSON.stringify(document)) === 'accepted') accepted++;
        },
      ),
      { numRuns: 1000 },
    );
    assert.ok(accepted < 1000, 'mutations do break documents');
  });

  test('a prototype key spliced into any object', () => {
    fc.assert(
      fc.property(
        historyMessages,
        fc.nat(),
        fc.constantFrom('__proto__', 'constructor', 'prototype'),
        (messages, pick, key) => {
          const text = new History(messages).serialize();
          const braces = objectStarts(text);
          const at = braces[pick % braces.length]!;
          const comma = text[at + 1] === '}' ? '' : ',';
          const attacked = `${text.slice(0, at)}{"${key}":{"polluted":1}${comma}${text.slice(at + 1)}`;
          assert.throws(
            () => History.parse(attacked),
            (error: unknown) =>
              HistoryError.isInstance(error) && error.problem.includes(`forbidden key "${key}"`),
          );
        },
      ),
      { numRuns: 300 },
    );
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
