// planCompaction: where the cuts fall, that they never part tool calls from
// their results, and that the compacted conversation is still one a provider
// (and History.parse) accepts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { applyCompaction } from '../../src/compaction/apply-compaction.ts';
import { type CompactionPlan, planCompaction } from '../../src/compaction/plan-compaction.ts';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.ts';
import { History } from '../../src/history/history.ts';
import type { HistoryMessage } from '../../src/history/history-message.ts';
import { sequentialIds } from '../../src/ids/id-source.ts';
import { Builder, conversations } from './conversations.ts';

const ids = (entries: readonly HistoryMessage[]) => entries.map((e) => e.id);

/** Which part (0 head, 1 fold, 2 tail) holds each entry, by id. */
function partOf(plan: CompactionPlan): Map<string, number> {
  const parts = new Map<string, number>();
  [plan.head, plan.fold, plan.tail].forEach((part, p) => {
    for (const e of part) parts.set(e.id, p);
  });
  return parts;
}

describe('planCompaction: examples', () => {
  test('keeps the first user turn and the latest two turns, folds the middle', () => {
    const b = new Builder()
      .user('fix the build') // m1
      .step('looking', ['read']) // m2, m3
      .step('found it') // m4
      .user('now the tests') // m5
      .step('running', ['bash', 'bash']) // m6, m7, m8
      .step('done') // m9
      .user('and the docs') // m10
      .step('editing', ['edit']) // m11, m12
      .user('thanks'); // m13
    const plan = planCompaction(b.entries);
    assert.ok(plan);
    assert.deepEqual(ids(plan.head), ['m1']);
    assert.deepEqual(ids(plan.fold), ['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    assert.deepEqual(ids(plan.tail), ['m10', 'm11', 'm12', 'm13']);
  });

  test('keepLatestTurns moves the tail', () => {
    const b = new Builder().user('a').step('1').user('b').step('2').user('c').step('3');
    const plan = planCompaction(b.entries, { keepLatestTurns: 1 });
    assert.ok(plan);
    assert.deepEqual(ids(plan.head), ['m1']);
    assert.deepEqual(ids(plan.fold), ['m2', 'm3', 'm4']);
    assert.deepEqual(ids(plan.tail), ['m5', 'm6']);
  });

  test('one long turn folds its early steps and keeps the latest steps with their results', () => {
    const b = new Builder().user('refactor everything');
    for (let i = 0; i < 6; i++) b.step(`step ${i}`, ['read', 'grep']);
    const plan = planCompaction(b.entries, { keepLatestSteps: 2 });
    assert.ok(plan);
    assert.deepEqual(ids(plan.head), ['m1']);
    // Six steps of three messages each (m2..m19); the last two steps are m14..m19.
    assert.deepEqual(ids(plan.fold), [
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
      'm8',
      'm9',
      'm10',
      'm11',
      'm12',
      'm13',
    ]);
    assert.deepEqual(ids(plan.tail), ['m14', 'm15', 'm16', 'm17', 'm18', 'm19']);
  });

  test('interjections before the first user turn stay in the head', () => {
    const b = new Builder()
      .user('context', 'injected')
      .user('question')
      .step('a')
      .step('b')
      .user('q2')
      .user('q3');
    const plan = planCompaction(b.entries);
    assert.ok(plan);
    assert.deepEqual(ids(plan.head), ['m1', 'm2']);
    assert.deepEqual(ids(plan.fold), ['m3', 'm4']);
  });

  test('nothing worth folding: short conversations, and none without a user turn', () => {
    assert.equal(planCompaction([]), undefined);
    assert.equal(planCompaction(new Builder().user('hi').step('hello').entries), undefined);
    assert.equal(planCompaction(new Builder().user('a').step('1').user('b').step('2').entries), undefined);
    const bare = new Builder().user('queued', 'injected');
    for (let i = 0; i < 8; i++) bare.step(`s${i}`, ['t']);
    assert.equal(planCompaction(bare.entries), undefined);
  });

  test('counts must be positive integers', () => {
    const entries = new Builder().user('a').entries;
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      assert.throws(
        () => planCompaction(entries, { keepLatestTurns: bad }),
        (e: unknown) => InvalidOptionError.isInstance(e) && e.option === 'CompactionOptions.keepLatestTurns',
      );
      assert.throws(
        () => planCompaction(entries, { keepLatestSteps: bad }),
        /CompactionOptions\.keepLatestSteps/,
      );
    }
  });
});

describe('planCompaction: properties', () => {
  const options = fc.record({
    keepLatestTurns: fc.integer({ min: 1, max: 4 }),
    keepLatestSteps: fc.integer({ min: 1, max: 5 }),
  });

  test('head + fold + tail is the conversation, and the fold is never empty', () => {
    fc.assert(
      fc.property(conversations, options, (entries, opts) => {
        const plan = planCompaction(entries, opts);
        if (plan === undefined) return;
        const joined = [...plan.head, ...plan.fold, ...plan.tail];
        assert.equal(joined.length, entries.length);
        for (const [i, e] of joined.entries()) assert.equal(e, entries[i]);
        assert.ok(plan.fold.length > 0);
      }),
    );
  });

  test('the head ends at the first user turn; the tail keeps the latest turns, else the latest steps', () => {
    fc.assert(
      fc.property(conversations, options, (entries, opts) => {
        const plan = planCompaction(entries, opts);
        const firstUser = entries.findIndex((e) => e.kind === 'user');
        const after = entries.slice(firstUser + 2);
        const laterTurns = after.filter((e) => e.kind === 'user').length;
        const laterSteps = after.filter((e) => e.kind === 'assistant').length;
        const foldable =
          firstUser >= 0 && (laterTurns >= opts.keepLatestTurns || laterSteps >= opts.keepLatestSteps);
        assert.equal(plan !== undefined, foldable);
        if (plan === undefined) return;
        assert.equal(plan.head.at(-1), entries[firstUser]);
        if (laterTurns >= opts.keepLatestTurns) {
          assert.equal(plan.tail[0]!.kind, 'user');
          assert.equal(plan.tail.filter((e) => e.kind === 'user').length, opts.keepLatestTurns);
        } else {
          assert.equal(plan.tail[0]!.kind, 'assistant');
          assert.equal(plan.tail.filter((e) => e.kind === 'assistant').length, opts.keepLatestSteps);
        }
      }),
    );
  });

  test('a tool result always sits in the same part as the assistant message that called it', () => {
    fc.assert(
      fc.property(conversations, options, (entries, opts) => {
        const plan = planCompaction(entries, opts);
        if (plan === undefined) return;
        const parts = partOf(plan);
        let caller: string | undefined;
        for (const e of entries) {
          if (e.kind === 'assistant') caller = e.id;
          if (e.kind === 'tool')
            assert.equal(parts.get(e.id), parts.get(caller!), `${e.id} parted from ${caller}`);
        }
      }),
    );
  });

  test('the compacted conversation parses as a history and keeps the head and tail word for word', () => {
    fc.assert(
      fc.property(conversations, options, (entries, opts) => {
        // Histories are valid input to begin with (the generator's own check).
        History.parse(new History(entries).serialize());
        const plan = planCompaction(entries, opts);
        if (plan === undefined) return;
        const compacted = applyCompaction(plan, 'what happened', sequentialIds('summary-'));
        const parsed = History.parse(new History(compacted).serialize());
        assert.ok(parsed.equals(new History(compacted)));
        assert.equal(compacted.length, plan.head.length + 1 + plan.tail.length);
        assert.equal(compacted[plan.head.length]!.kind, 'injected');
      }),
    );
  });
});
