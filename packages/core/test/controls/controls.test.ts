import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Cancellable, CancelledError, Interloper, StepLimit, StepLimitExceeded } from '../../src/index.ts';

describe('StepLimit', () => {
  test('counts ticks, throws on one too many, resets', () => {
    const limit = new StepLimit(2);
    limit.tick();
    limit.tick();
    assert.equal(limit.step, 2);
    assert.throws(
      () => limit.tick(),
      (e: unknown) => StepLimitExceeded.isInstance(e) && e.maxSteps === 2,
    );
    limit.reset();
    assert.equal(limit.step, 0);
    limit.tick();
  });

  test('max <= 0 and unknown policies are errors', () => {
    assert.throws(() => new StepLimit(0), RangeError);
    assert.throws(() => new StepLimit(-3), RangeError);
    assert.throws(() => new StepLimit(1.5), RangeError);
    assert.throws(() => new StepLimit(3, 'retry' as never), /onExhausted/);
    assert.equal(new StepLimit(3, 'synthesize').onExhausted, 'synthesize');
  });

  test('forSubAgent is a fresh counter with its own maximum', () => {
    const parent = new StepLimit(5, 'synthesize');
    parent.tick();
    const child = parent.forSubAgent(2);
    assert.equal(child.step, 0);
    assert.equal(child.max, 2);
    assert.equal(child.onExhausted, 'synthesize');
  });
});

describe('Cancellable', () => {
  test('cancel aborts the signal; check throws; reset arms a fresh signal', () => {
    const c = new Cancellable();
    const signal = c.signal;
    c.check();
    c.cancel();
    c.cancel();
    assert.equal(signal.aborted, true);
    assert.ok(CancelledError.isInstance(signal.reason));
    assert.throws(
      () => c.check(),
      (e: unknown) => CancelledError.isInstance(e),
    );
    c.reset();
    assert.equal(c.cancelled, false);
    assert.notEqual(c.signal, signal);
    assert.equal(c.forSubAgent(), c, 'one cancel stops the whole tree');
  });
});

describe('Interloper', () => {
  test('queues and drains in order', () => {
    const i = new Interloper();
    assert.deepEqual(i.drain(), []);
    i.inject('a');
    i.inject([{ type: 'text', text: 'b' }]);
    assert.equal(i.pending, 2);
    assert.deepEqual(i.drain(), ['a', [{ type: 'text', text: 'b' }]]);
    assert.equal(i.pending, 0);
  });
});
