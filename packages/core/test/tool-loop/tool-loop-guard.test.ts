// ToolLoopGuard: identical calls in a row (JSON-equal arguments) warn at the
// maxRepeats-th and stop after; anything different starts over.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.ts';
import { canonicalArguments } from '../../src/tool-loop/canonical-arguments.ts';
import { repeatWarning } from '../../src/tool-loop/repeat-warning.ts';
import { ToolLoopGuard } from '../../src/tool-loop/tool-loop-guard.ts';

const call = (name: string, args: string) => ({ name, arguments: args });

describe('ToolLoopGuard', () => {
  test('warns at the third identical call in a row by default and stops at every one after', () => {
    const guard = new ToolLoopGuard();
    const read = call('read', '{"path":"a.ts"}');
    assert.deepEqual(
      [1, 2, 3, 4, 5].map(() => guard.observe(read)),
      ['ok', 'ok', 'warn', 'stop', 'stop'],
    );
    assert.equal(guard.streak, 5);
  });

  test('maxRepeats moves the warning', () => {
    const guard = new ToolLoopGuard({ maxRepeats: 2 });
    const grep = call('grep', '{"q":"x"}');
    assert.deepEqual([guard.observe(grep), guard.observe(grep), guard.observe(grep)], ['ok', 'warn', 'stop']);
  });

  test('arguments are equal after parsing and sorting keys, at every depth', () => {
    const guard = new ToolLoopGuard();
    guard.observe(call('edit', '{"a":1,"b":{"x":[1,{"p":2,"q":3}],"y":true}}'));
    guard.observe(call('edit', '{ "b": { "y": true, "x": [1, { "q": 3, "p": 2 }] }, "a": 1.0 }'));
    assert.equal(guard.observe(call('edit', '{"b":{"y":true,"x":[1,{"q":3,"p":2}]},"a":1}')), 'warn');
  });

  test('array order, values and the tool name all matter', () => {
    const guard = new ToolLoopGuard({ maxRepeats: 2 });
    guard.observe(call('t', '{"xs":[1,2]}'));
    assert.equal(guard.observe(call('t', '{"xs":[2,1]}')), 'ok');
    assert.equal(guard.observe(call('t', '{"xs":[2,"1"]}')), 'ok');
    assert.equal(guard.observe(call('u', '{"xs":[2,"1"]}')), 'ok');
    assert.equal(guard.observe(call('u', '{"xs":[2,"1"]}')), 'warn');
  });

  test('unparsable arguments are compared as raw text', () => {
    const guard = new ToolLoopGuard({ maxRepeats: 2 });
    guard.observe(call('bash', '{"cmd": "ls'));
    assert.equal(guard.observe(call('bash', '{"cmd":  "ls')), 'ok', 'different text');
    assert.equal(guard.observe(call('bash', '{"cmd":  "ls')), 'warn', 'same text');
  });

  test('a different call in between resets the streak', () => {
    const guard = new ToolLoopGuard();
    const a = call('read', '{"path":"a"}');
    const b = call('read', '{"path":"b"}');
    assert.deepEqual(
      [a, a, b, a, a, a].map((c) => guard.observe(c)),
      ['ok', 'ok', 'ok', 'ok', 'ok', 'warn'],
    );
  });

  test('reset starts over', () => {
    const guard = new ToolLoopGuard();
    const a = call('read', '{}');
    guard.observe(a);
    guard.observe(a);
    guard.reset();
    assert.equal(guard.streak, 0);
    assert.deepEqual([guard.observe(a), guard.observe(a), guard.observe(a)], ['ok', 'ok', 'warn']);
  });

  test('observeBatch: identical calls of one batch count once and share the verdict', () => {
    const guard = new ToolLoopGuard();
    const a = call('read', '{"path":"a"}');
    const b = call('read', '{"path":"b"}');
    const verdicts = (calls: ReturnType<typeof call>[]) => guard.observeBatch(calls).map((v) => v.verdict);
    assert.deepEqual(verdicts([a, a, a, a]), ['ok', 'ok', 'ok', 'ok']);
    assert.equal(guard.streak, 1);
    assert.deepEqual(verdicts([a, a]), ['ok', 'ok']);
    assert.deepEqual(guard.observeBatch([a, a]), [
      { verdict: 'warn', streak: 3 },
      { verdict: 'warn', streak: 3 },
    ]);
    assert.deepEqual(verdicts([b, a, b]), ['ok', 'ok', 'ok'], 'b in between starts a new streak for a');
  });

  test('maxRepeats must be an integer of 2 or more', () => {
    for (const maxRepeats of [1, 0, -3, 2.5, Number.NaN]) {
      assert.throws(
        () => new ToolLoopGuard({ maxRepeats }),
        (e: unknown) =>
          InvalidOptionError.isInstance(e) &&
          e.option === 'ToolLoopGuardOptions.maxRepeats' &&
          e.message.startsWith('ToolLoopGuardOptions.maxRepeats must be an integer of 2 or more, got'),
      );
    }
    assert.equal(new ToolLoopGuard({ maxRepeats: 2 }).maxRepeats, 2);
  });
});

describe('canonicalArguments', () => {
  test('one spelling for equal JSON; raw text otherwise', () => {
    assert.equal(canonicalArguments('{"b":2,"a":1}'), '{"a":1,"b":2}');
    assert.equal(canonicalArguments(' [ {"z":null,"y":"\\u0041"} ] '), '[{"y":"A","z":null}]');
    assert.equal(canonicalArguments('not json'), 'not json');
    assert.equal(canonicalArguments(''), '');
  });

  test('a "__proto__" key is data like any other', () => {
    assert.equal(canonicalArguments('{"__proto__":{"x":1},"a":2}'), '{"__proto__":{"x":1},"a":2}');
  });

  test('nesting too deep for the stack falls back to the raw text instead of throwing', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    assert.equal(canonicalArguments(deep), deep);
  });
});

describe('repeatWarning', () => {
  test('tells the model what it did, that the result will not change, and what to do instead', () => {
    const text = repeatWarning('read_file', 3);
    assert.match(text, /You have called read_file with the same arguments 3 times in a row/);
    assert.match(text, /the result will not change/);
    assert.match(text, /Use the results you already have, or try something different/);
  });
});
