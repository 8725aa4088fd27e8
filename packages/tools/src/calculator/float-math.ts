import { CalculatorError, NonFiniteError } from './calculator-error.ts';

// Ports of CPython's float_floor_div / float_rem / float_pow, so signs,
// zeros and corner cases match Python rather than JavaScript.

/** Python's `%` on floats: the result takes the divisor's sign. */
export function floatMod(a: number, b: number): number {
  if (b === 0) throw new CalculatorError('division by zero');
  let mod = a % b;
  if (mod !== 0) {
    if (b < 0 !== mod < 0) mod += b;
  } else {
    mod = b < 0 ? -0 : 0;
  }
  return mod;
}

/** Python's `//` on floats: floor of the quotient, computed as CPython does. */
export function floatFloorDiv(a: number, b: number): number {
  if (b === 0) throw new CalculatorError('division by zero');
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod !== 0 && b < 0 !== mod < 0) {
    mod += b;
    div -= 1;
  }
  if (div === 0) return a / b < 0 ? -0 : 0;
  let floorDiv = Math.floor(div);
  if (div - floorDiv > 0.5) floorDiv += 1;
  return floorDiv;
}

/** Python's `/` on floats. */
export function floatTrueDivide(a: number, b: number): number {
  if (b === 0) throw new CalculatorError('division by zero');
  return a / b;
}

/** Python's `**` on floats: refuses 0 to a negative power and complex results. */
export function floatPower(base: number, exponent: number): number {
  if (base === 0 && exponent < 0) throw new CalculatorError('zero cannot be raised to a negative power');
  if (base < 0 && Number.isFinite(base) && !Number.isInteger(exponent) && Number.isFinite(exponent)) {
    throw new CalculatorError('a negative number raised to a fractional power is a complex number');
  }
  // Math.pow(1, NaN) is NaN in JavaScript but 1 in Python (C99 pow).
  if (base === 1 || exponent === 0) return 1;
  const result = base ** exponent;
  if (!Number.isFinite(result) && Number.isFinite(base) && Number.isFinite(exponent)) {
    throw new NonFiniteError('float power overflowed');
  }
  return result;
}
