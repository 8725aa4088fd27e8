// applyCompaction: head, one marked summary, tail; valid for History.parse,
// also when a later compaction folds an earlier summary.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyCompaction } from '../../src/compaction/apply-compaction.ts';
import { compactionRequest } from '../../src/compaction/compaction-request.ts';
import { planCompaction } from '../../src/compaction/plan-compaction.ts';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.ts';
import { History } from '../../src/history/history.ts';
import { sequentialIds } from '../../src/ids/id-source.ts';
import { Builder } from './conversations.ts';

function conversation(): Builder {
  return new Builder()
    .user('fix the build')
    .step('reading', ['read'])
    .step('fixed')
    .user('now the tests')
    .step('running', ['bash'])
    .user('thanks')
    .step('you are welcome');
}

describe('applyCompaction', () => {
  test('puts one injected summary of the folded messages between head and tail', () => {
    const plan = planCompaction(conversation().entries, { keepLatestTurns: 1 });
    assert.ok(plan);
    const result = applyCompaction(plan, '  The build was fixed; tests were run.\n', sequentialIds('s-'));
    assert.deepEqual(result.slice(0, plan.head.length), plan.head);
    assert.deepEqual(result.slice(plan.head.length + 1), plan.tail);
    const summary = result[plan.head.length]!;
    assert.deepEqual(summary, {
      id: 's-message-1',
      kind: 'injected',
      message: {
        role: 'user',
        content:
          '<conversation-summary messages="6">\n' +
          'The 6 earlier messages of this conversation were replaced by this summary to save space.\n\n' +
          'The build was fixed; tests were run.\n</conversation-summary>',
      },
    });
    assert.equal(plan.fold.length, 6);
  });

  test('the result round-trips through History.parse', () => {
    const plan = planCompaction(conversation().entries, { keepLatestTurns: 1 });
    assert.ok(plan);
    const result = applyCompaction(plan, 'summary', sequentialIds('s-'));
    const parsed = History.parse(new History(result).serialize());
    assert.ok(parsed.equals(new History(result)));
  });

  test('a second compaction folds the first summary into its transcript', () => {
    const ids = sequentialIds('s-');
    const first = planCompaction(conversation().entries, { keepLatestTurns: 1 });
    assert.ok(first);
    const once = applyCompaction(first, 'FIRST SUMMARY', ids);
    const longer = [
      ...once,
      ...new Builder()
        .user('next')
        .step('ok')
        .user('more')
        .step('sure')
        .entries.map((e, i) => ({ ...e, id: `late-${i}` })),
    ];
    const second = planCompaction(longer, { keepLatestTurns: 1 });
    assert.ok(second);
    const request = compactionRequest(second.fold);
    assert.match(JSON.stringify(request.messages), /FIRST SUMMARY/);
    const twice = applyCompaction(second, 'SECOND SUMMARY', ids);
    assert.equal(twice.filter((e) => e.kind === 'injected').length, 1);
    History.parse(new History(twice).serialize());
  });

  test('refuses a blank summary', () => {
    const plan = planCompaction(conversation().entries, { keepLatestTurns: 1 });
    assert.ok(plan);
    for (const blank of ['', '  \n\t']) {
      assert.throws(
        () => applyCompaction(plan, blank, sequentialIds()),
        (e: unknown) => InvalidOptionError.isInstance(e) && /non-blank summary/.test(e.message),
      );
    }
  });
});
