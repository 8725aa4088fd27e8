import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatPythonFloat, roundTo3Places } from '../../src/calculator/format.ts';

// Expected strings are Python's repr() of the same floats.
describe('formatPythonFloat', () => {
  const cases: ReadonlyArray<readonly [number, string]> = [
    [0, '0.0'],
    [-0, '-0.0'],
    [1, '1.0'],
    [0.5, '0.5'],
    [1e16, '1e+16'],
    [1.5e16, '1.5e+16'],
    [1e15, '1000000000000000.0'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.5e-7, '1.5e-07'],
    [123456.789, '123456.789'],
    [-2.5, '-2.5'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
  ];
  for (const [value, expected] of cases) {
    it(`${value} -> ${expected}`, () => assert.equal(formatPythonFloat(value), expected));
  }
});

describe('roundTo3Places', () => {
  it("matches Python's round(x, 3), including exact ties to even", () => {
    assert.equal(roundTo3Places(2.675), 2.675);
    assert.equal(roundTo3Places(1.0005), 1.0); // 1.0005 is stored just below the tie
    assert.equal(roundTo3Places(0.0625), 0.062);
    assert.equal(roundTo3Places(0.1875), 0.188);
    assert.equal(roundTo3Places(-0.0625), -0.062);
    assert.equal(Object.is(roundTo3Places(-0.0001), -0), true);
    assert.equal(roundTo3Places(2 ** 60 + 0), 2 ** 60);
  });
});
