import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveMaxChars, truncateChars } from '../../src/text/truncate-chars.ts';

describe('truncateChars', () => {
  it('leaves short text alone and marks cut text with the full length', () => {
    assert.equal(truncateChars('short', 10), 'short');
    assert.equal(
      truncateChars('x'.repeat(1234), 10),
      `${'x'.repeat(10)}\n\n[… truncated: showing the first 10 of 1,234 characters. Call again with a larger max_chars (up to 100,000) to read more.]`,
    );
  });

  it('never splits a surrogate pair', () => {
    const cut = truncateChars('ab😀cd', 3);
    assert.ok(cut.startsWith('ab\n\n[… truncated: showing the first 2 of 6'));
  });

  it('drops the "ask for more" hint at the hard cap', () => {
    assert.match(
      truncateChars('y'.repeat(100_001), 100_000),
      /showing the first 100,000 of 100,001 characters\.\]$/,
    );
  });

  it('says when the download itself was cut, instead of passing it off as the full length', () => {
    assert.equal(
      truncateChars('z'.repeat(1000), 10, 1000),
      `${'z'.repeat(10)}\n\n[… truncated: showing the first 10 of 1,000 characters read from the part downloaded (the body is over 1,000 bytes; only the first 1,000 bytes were downloaded). Call again with a larger max_chars (up to 100,000) to read more.]`,
    );
    assert.equal(
      truncateChars('short', 10, 20_971_520),
      'short\n\n[… truncated: the body is over 20,971,520 bytes; only the first 20,971,520 bytes were downloaded.]',
    );
  });
});

describe('resolveMaxChars', () => {
  it('defaults, clamps and refuses values below 1', () => {
    assert.equal(resolveMaxChars(undefined, 5_000), 5_000);
    assert.equal(resolveMaxChars(250_000, 5_000), 100_000);
    assert.equal(resolveMaxChars(42, 5_000), 42);
    assert.equal(resolveMaxChars(-3, 5_000), 'Error: max_chars must be at least 1 (got -3)');
  });
});
