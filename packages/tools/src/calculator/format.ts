/**
 * Python's `round(x, 3)`: the float nearest to the correctly rounded
 * decimal, ties to even. `toFixed` rounds the exact binary value (so
 * `2.675 -> 2.67` like Python) but breaks exact ties away from zero; an exact
 * tie at 3 places is only possible for odd multiples of 1/16, handled apart.
 */
export function roundTo3Places(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= 2 ** 49) return x; // already a multiple of 1/8
  const scaled = x * 16;
  if (Number.isInteger(scaled) && !Number.isInteger(x * 8)) {
    const thousandths = x * 1000; // exact: an odd multiple of 62.5
    const down = Math.floor(thousandths);
    const even = down % 2 === 0 ? down : down + 1;
    return even / 1000;
  }
  const rounded = Number(x.toFixed(3));
  return rounded === 0 && (x < 0 || Object.is(x, -0)) ? -0 : rounded;
}

/**
 * Python's `repr(float)`: the shortest round-trip digits, positional for
 * exponents -4..15, scientific otherwise (`1e+16`, `1.5e-05`), and always a
 * `.0` on integral values.
 */
export function formatPythonFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const [mantissa = '', exponentText = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const expSign = exponent < 0 ? '-' : '+';
    return `${sign}${digits[0]}${fraction}e${expSign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const intPart = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fracPart = digits.slice(exponent + 1);
  return `${sign}${intPart}.${fracPart === '' ? '0' : fracPart}`;
}
