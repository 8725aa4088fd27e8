import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calculate } from '../../src/calculator/calculate.ts';

// Expected answers produced by python3 (3.x): str(int) for ints,
// repr(round(x, 3)) for floats. Hard-coded so the test needs no Python.
const PYTHON_ANSWERS: ReadonlyArray<readonly [string, string]> = [
  ['1 + 2', '3'],
  ['2 * 3 + 4', '10'],
  ['2 * (3 + 4)', '14'],
  ['7 / 2', '3.5'],
  ['10 / 5', '2.0'],
  ['10 / 4', '2.5'],
  ['1 / 3', '0.333'],
  ['2 / 3', '0.667'],
  ['-7 // 2', '-4'],
  ['7 // -2', '-4'],
  ['-7 % 3', '2'],
  ['7 % -3', '-2'],
  ['-7 % -3', '-1'],
  ['7 // 2', '3'],
  ['7.5 // 2', '3.0'],
  ['-7.5 // 2', '-4.0'],
  ['7.5 % 2', '1.5'],
  ['-7.5 % 2', '0.5'],
  ['5 % 0.75', '0.5'],
  ['2 ** 10', '1024'],
  ['2 ** 100', '1267650600228229401496703205376'],
  ['2 ** -1', '0.5'],
  ['-2 ** 2', '-4'],
  ['(-2) ** 2', '4'],
  ['(-2) ** 3', '-8'],
  ['2 ** 3 ** 2', '512'],
  ['-2 ** -2', '-0.25'],
  ['2 ** 0.5', '1.414'],
  ['4 ** 0.5', '2.0'],
  ['10 ** 20', '100000000000000000000'],
  ['10 ** -2', '0.01'],
  ['0 ** 0', '1'],
  ['1.5e3', '1500.0'],
  ['1e3', '1000.0'],
  ['2.5E-3 * 4', '0.01'],
  ['1e-7', '0.0'],
  ['1e16', '1e+16'],
  ['1e15', '1000000000000000.0'],
  ['123456789.123456', '123456789.123'],
  ['0.1 + 0.2', '0.3'],
  ['155 / (58 * 1000.0 / 3600)', '9.621'],
  ['3 * 1.1', '3.3'],
  ['--3', '3'],
  ['-+-3', '3'],
  ['+5', '5'],
  ['((((1 + 2))))', '3'],
  ['1_000_000 * 3', '3000000'],
  ['0x1F + 0o17 + 0b101', '51'],
  ['.5 + 5.', '5.5'],
  ['2.675 * 1', '2.675'],
  ['0.0625 * 1', '0.062'],
  ['0.1875 * 1', '0.188'],
  ['-0.0001 * 1', '-0.0'],
  [
    '123456789012345678901234567890 * 987654321098765432109876543210',
    '121932631137021795226185032733622923332237463801111263526900',
  ],
  ['2**64 - 1', '18446744073709551615'],
  ['-(2**63)', '-9223372036854775808'],
  ['(2**2000) / (2**1999)', '2.0'],
  ['(2**200 + 1) // 3', '535646014752996758513987364113720867507400997927597611767125'],
  ['(10**30) % 7', '1'],
  ['3 ** 40 // 7 ** 10', '43039754817'],
  ['1.0 * 3', '3.0'],
  ['2 ** 1023 * 1.0', '8.98846567431158e+307'],
  ['100 / 7 * 7', '100.0'],
  ['-0.0 * 1', '-0.0'],
  ['9 ** 0.5 * 2', '6.0'],
  ['17 % 5 * 3 ** 2 - 4 // 3', '17'],
  ['2 ** 52 + 0.5', '4503599627370496.0'],
  ['1 / 7', '0.143'],
  ['22 / 7 - 3', '0.143'],
  ['-1 ** 0.5', '-1.0'],
  ['(-1) ** 2.0', '1.0'],
  ['12345678901234567890 / 10', '1.2345678901234568e+18'],
];

describe('calculate: Python answers', () => {
  it('has a table of at least 60 expressions', () => {
    assert.ok(PYTHON_ANSWERS.length >= 60);
  });
  for (const [expression, expected] of PYTHON_ANSWERS) {
    it(`${expression} == ${expected}`, () => {
      assert.equal(calculate(expression), expected);
    });
  }
});

// Python raises for each of these; the calculator answers with an `Error:` observation.
const ERRORS: ReadonlyArray<readonly [string, RegExp]> = [
  ['1 / 0', /^Error: division by zero$/],
  ['1 // 0', /^Error: division by zero$/],
  ['1 % 0', /^Error: division by zero$/],
  ['1.0 / 0', /^Error: division by zero$/],
  ['5.5 // 0.0', /^Error: division by zero$/],
  ['5.5 % 0.0', /^Error: division by zero$/],
  ['0 ** -1', /^Error: zero cannot be raised to a negative power$/],
  ['0.0 ** -2', /^Error: zero cannot be raised to a negative power$/],
  ['(-8) ** (1/3)', /^Error: .*complex/],
  ['1j + 1', /^Error: complex numbers are not supported/],
  ['2.0 ** 10000', /^Error: result of "2\.0 \*\* 10000" is not a finite number$/],
  ['1e308 * 10', /^Error: result of "1e308 \* 10" is not a finite number$/],
  ['1e400 - 1e400', /^Error: result of "1e400 - 1e400" is not a finite number$/],
  ['2**2000 * 1.0', /^Error: integer too large to convert to a float$/],
  ['10**400 / 3', /^Error: integer division result too large for a float$/],
  ['sqrt(2)', /^Error: unknown name "sqrt" at position 1: .*no variables or functions/],
  ['2 * pi', /^Error: unknown name "pi" at position 5/],
  ['1 +', /^Error: syntax error: the expression ends too early$/],
  ['(1 + 2', /^Error: syntax error: "\(" at position 1 is never closed$/],
  ['1 + 2)', /^Error: syntax error at position 6: unexpected "\)"$/],
  ['2 ^ 3', /^Error: syntax error at position 3: unexpected "\^"; .*use \*\* for exponentiation/],
  ['1 * * 2', /^Error: syntax error at position 5: unexpected "\*"$/],
  ['', /^Error: syntax error: the expression is empty$/],
  ['   ', /^Error: syntax error: the expression is empty$/],
  ['012', /^Error: syntax error at position 1: leading zeros/],
  ['1.2.3', /^Error: syntax error at position 4: invalid number literal/],
  ['1__0', /^Error: syntax error/],
  ['2 3', /^Error: syntax error at position 3: unexpected "3"$/],
  [
    '9**9**9**9',
    /^Error: result of "9\*\*9\*\*9\*\*9" would have more than 10000 digits; refusing to compute it$/,
  ],
  ['10 ** 10 ** 10', /^Error: result of .* would have more than 10000 digits/],
  ['(10**5000) * (10**5001)', /^Error: result of .* would have more than 10000 digits/],
  [
    `${'('.repeat(300)}1${')'.repeat(300)}`,
    /^Error: syntax error at position 201: nesting deeper than 200 levels$/,
  ],
  ['1+'.repeat(6000), /^Error: the expression is longer than 10000 characters$/],
];

describe('calculate: errors are observations', () => {
  for (const [expression, expected] of ERRORS) {
    it(`${expression.slice(0, 40)} -> ${expected.source.slice(0, 50)}`, () => {
      assert.match(calculate(expression), expected);
    });
  }

  it('keeps small huge-base powers exact and handles trivial bases with any exponent', () => {
    assert.equal(calculate('1 ** (10**100)'), '1');
    assert.equal(calculate('(-1) ** (10**100 + 1)'), '-1');
    assert.equal(calculate('0 ** (10**100)'), '0');
    assert.equal(calculate('10 ** 9999'), `1${'0'.repeat(9999)}`);
  });
});
