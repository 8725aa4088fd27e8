// The one signal a child Run follows its parent through (run/linked-signal.ts).
import assert from 'node:assert/strict';
import { getMaxListeners } from 'node:events';
import { describe, test } from 'node:test';
import { Cancellable } from '../../src/index.ts';
import { linkedSignal } from '../../src/run/linked-signal.ts';

describe('linkedSignal', () => {
  test('fifty children of one parent: no listener-leak warning; the limit comes back after', async () => {
    const parent = new AbortController();
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const before = getMaxListeners(parent.signal);
      const links = Array.from({ length: 50 }, () => linkedSignal(parent.signal));
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(
        warnings.filter((w) => w.name === 'MaxListenersExceededWarning'),
        [],
      );
      for (const link of links) link.dispose();
      assert.equal(getMaxListeners(parent.signal), before);
    } finally {
      process.off('warning', onWarning);
    }
  });

  test("the parent's abort reaches the child with its reason; an aborted parent gives an aborted child", () => {
    const parent = new AbortController();
    const link = linkedSignal(parent.signal);
    const reason = new Error('stop');
    parent.abort(reason);
    assert.equal(link.signal.aborted, true);
    assert.equal(link.signal.reason, reason);
    link.dispose();
    const late = linkedSignal(parent.signal);
    assert.equal(late.signal.reason, reason);
    late.dispose();
  });

  test("a Cancellable's signal (no listener limit) links and unlinks; its cancel reaches the child", () => {
    const cancellable = new Cancellable();
    // Node 20's getMaxListeners throws for a signal whose limit is 0; linking must not.
    const links = Array.from({ length: 20 }, () => linkedSignal(cancellable.signal));
    for (const link of links) link.dispose();
    links[0]!.dispose();
    cancellable.cancel();
    assert.equal(linkedSignal(cancellable.signal).signal.aborted, true);
  });
});
