import { CalculatorError } from './calculator-error.ts';

/**
 * Largest integer result the calculator computes, in bits (about 10,000
 * decimal digits). Bigger results are refused before any work is done, so
 * `9**9**9**9` answers at once instead of exhausting memory.
 */
export const MAX_INTEGER_BITS = 33_220;

/** Decimal digits matching `MAX_INTEGER_BITS`, for messages. */
export const MAX_INTEGER_DIGITS = 10_000;

/** Raised when an integer result would exceed `MAX_INTEGER_BITS`. */
export class IntegerTooLargeError extends CalculatorError {}

/** Number of bits in `|value|` (0 for 0). */
export function bitLength(value: bigint): number {
  if (value === 0n) return 0;
  const hex = (value < 0n ? -value : value).toString(16);
  return (hex.length - 1) * 4 + Number.parseInt(hex[0] as string, 16).toString(2).length;
}

function checkSize(bits: number): void {
  if (bits > MAX_INTEGER_BITS) throw new IntegerTooLargeError('integer result too large');
}

/** Exact product, refused early when the operands alone show it would be too large. */
export function intMultiply(a: bigint, b: bigint): bigint {
  if (a === 0n || b === 0n) return 0n;
  checkSize(bitLength(a) + bitLength(b) - 1);
  const product = a * b;
  checkSize(bitLength(product));
  return product;
}

/** Exact sum/difference, size-checked (only matters next to the limit). */
export function intAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  checkSize(bitLength(sum));
  return sum;
}

/** Python's `//` on ints: rounds toward negative infinity. */
export function intFloorDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new CalculatorError('division by zero');
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Python's `%` on ints: the result has the sign of the divisor. */
export function intMod(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new CalculatorError('division by zero');
  const r = a % b;
  return r !== 0n && r < 0n !== b < 0n ? r + b : r;
}

/** Python's `int ** int` for a non-negative exponent: exact, refused when too large. */
export function intPower(base: bigint, exponent: bigint): bigint {
  if (exponent === 0n) return 1n;
  if (base === 0n || base === 1n) return base;
  if (base === -1n) return exponent % 2n === 0n ? 1n : -1n;
  // |base| >= 2, so the result has at least (bits(base) - 1) * exponent + 1 bits.
  const lowerBound = BigInt(bitLength(base) - 1) * exponent + 1n;
  if (lowerBound > BigInt(MAX_INTEGER_BITS)) throw new IntegerTooLargeError('integer result too large');
  const result = base ** exponent;
  checkSize(bitLength(result));
  return result;
}

/** Converts an int to a float as Python does, refusing values beyond the float range. */
export function intToFloat(value: bigint): number {
  const result = Number(value);
  if (!Number.isFinite(result)) throw new CalculatorError('integer too large to convert to a float');
  return result;
}

/**
 * Python's `int / int`: the float nearest to the exact quotient, also when
 * the operands are beyond the float range (`2**2000 / 2**1999 == 2.0`).
 */
export function intTrueDivide(a: bigint, b: bigint): number {
  if (b === 0n) throw new CalculatorError('division by zero');
  const limit = 2n ** 53n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  if (absA <= limit && absB <= limit) return Number(a) / Number(b);
  const negative = a < 0n !== b < 0n;
  // Scale so the integer quotient carries ~66 significant bits, then fold the
  // remainder into a sticky bit so the final rounding to 53 bits is correct.
  const shift = bitLength(absB) - bitLength(absA) + 66;
  const numerator = shift > 0 ? absA << BigInt(shift) : absA;
  const denominator = shift < 0 ? absB << BigInt(-shift) : absB;
  let quotient = numerator / denominator;
  if (numerator % denominator !== 0n) quotient |= 1n;
  const half = Math.trunc(shift / 2);
  const magnitude = Number(quotient) * 2 ** -half * 2 ** -(shift - half);
  if (!Number.isFinite(magnitude)) throw new CalculatorError('integer division result too large for a float');
  return negative ? -magnitude : magnitude;
}
