import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { calculate } from '../../src/calculator/calculate.ts';

// Reference integer semantics written independently of the calculator:
// Python's floor division and modulo via the mathematical definitions.
function pythonMod(a: bigint, b: bigint): bigint {
  return ((a % b) + b) % b;
}
function pythonFloorDiv(a: bigint, b: bigint): bigint {
  return (a - pythonMod(a, b)) / b;
}

const bigInteger = fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n });
const operator = fc.constantFrom('+', '-', '*', '//', '%');

describe('calculate: integer arithmetic matches BigInt', () => {
  it('a <op> b for random big integers', () => {
    fc.assert(
      fc.property(bigInteger, operator, bigInteger, (a, op, b) => {
        const expression = `(${a}) ${op} (${b})`;
        const actual = calculate(expression);
        if ((op === '//' || op === '%') && b === 0n) {
          assert.equal(actual, 'Error: division by zero');
          return;
        }
        const expected =
          op === '+'
            ? a + b
            : op === '-'
              ? a - b
              : op === '*'
                ? a * b
                : op === '//'
                  ? pythonFloorDiv(a, b)
                  : pythonMod(a, b);
        assert.equal(actual, expected.toString());
      }),
      { numRuns: 500 },
    );
  });

  it('a ** n for small exponents', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 0, max: 60 }),
        (a, n) => {
          // Unary minus binds looser than **, so a negative base needs parentheses.
          assert.equal(calculate(`(${a}) ** ${n}`), (a ** BigInt(n)).toString());
          assert.equal(calculate(`-${a < 0n ? `(${a})` : a} ** ${n}`), (-(a ** BigInt(n))).toString());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('left-to-right chains of + - * agree with BigInt', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('+', '-', '*'), fc.bigInt({ min: 0n, max: 10n ** 15n })), {
          minLength: 1,
          maxLength: 12,
        }),
        (steps) => {
          // Evaluate with precedence: split into products, then sum.
          let expression = '1';
          let total = 0n;
          let product = 1n;
          let sign = 1n;
          for (const [op, value] of steps) {
            expression += ` ${op} ${value}`;
            if (op === '*') {
              product *= value;
            } else {
              total += sign * product;
              sign = op === '+' ? 1n : -1n;
              product = value;
            }
          }
          total += sign * product;
          assert.equal(calculate(expression), total.toString());
        },
      ),
      { numRuns: 300 },
    );
  });
});
