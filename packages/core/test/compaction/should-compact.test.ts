import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { shouldCompact } from '../../src/compaction/should-compact.ts';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.ts';

describe('shouldCompact', () => {
  test('true from 80% of a known window by default', () => {
    assert.equal(shouldCompact({ inputTokens: 7_999, contextWindow: 10_000 }), false);
    assert.equal(shouldCompact({ inputTokens: 8_000, contextWindow: 10_000 }), true);
    assert.equal(shouldCompact({ inputTokens: 12_000, contextWindow: 10_000 }), true);
  });

  test('follows the threshold', () => {
    assert.equal(shouldCompact({ inputTokens: 5_000, contextWindow: 10_000, threshold: 0.5 }), true);
    assert.equal(shouldCompact({ inputTokens: 9_999, contextWindow: 10_000, threshold: 1 }), false);
    assert.equal(shouldCompact({ inputTokens: 10_000, contextWindow: 10_000, threshold: 1 }), true);
  });

  test('false when either figure is unknown', () => {
    assert.equal(shouldCompact({ inputTokens: undefined, contextWindow: 10_000 }), false);
    assert.equal(shouldCompact({ inputTokens: 1_000_000, contextWindow: undefined }), false);
    assert.equal(shouldCompact({ inputTokens: 5, contextWindow: 0 }), false);
  });

  test('refuses a threshold outside (0, 1]', () => {
    for (const threshold of [0, -0.1, 1.01, Number.NaN]) {
      assert.throws(
        () => shouldCompact({ inputTokens: 1, contextWindow: 2, threshold }),
        (e: unknown) => InvalidOptionError.isInstance(e) && e.option === 'shouldCompact threshold',
      );
    }
  });
});
