import { CalculatorError } from './calculator-error.ts';

/** One lexical token of a calculator expression; `position` is 1-based. */
export type Token =
  | { readonly kind: 'int'; readonly value: bigint; readonly position: number; readonly text: string }
  | { readonly kind: 'float'; readonly value: number; readonly position: number; readonly text: string }
  | { readonly kind: 'op'; readonly op: Operator; readonly position: number; readonly text: string }
  | { readonly kind: 'lparen' | 'rparen' | 'end'; readonly position: number; readonly text: string };

/** Operators of Python's arithmetic grammar that the calculator accepts. */
export type Operator = '+' | '-' | '*' | '/' | '//' | '%' | '**';

const DIGITS = /[0-9]/;
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
// Python number literals: decimal ints with single underscores between digits,
// 0x/0o/0b ints, and floats with optional fraction and exponent.
const PREFIXED_INT = /^0([xX](?:_?[0-9a-fA-F])+|[oO](?:_?[0-7])+|[bB](?:_?[01])+)/;
const DECIMAL_NUMBER = /^(?:[0-9](?:_?[0-9])*)?(?:\.(?:[0-9](?:_?[0-9])*)?)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?/;

// Operators people reach for that Python spells differently or does not have here.
const UNSUPPORTED_HINTS: Record<string, string> = {
  '^': '"^" is not supported (in Python it is bitwise XOR); use ** for exponentiation',
  '×': 'use * for multiplication',
  '÷': 'use / for division',
};

/** Splits an expression into tokens, ending with an `end` token. Throws `CalculatorError` on bad input. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    const position = i + 1;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (DIGITS.test(ch) || (ch === '.' && DIGITS.test(source[i + 1] ?? ''))) {
      const token = readNumber(source, i);
      tokens.push(token);
      i += token.text.length;
      continue;
    }
    if (NAME_START.test(ch)) {
      let end = i + 1;
      while (end < source.length && NAME_CHAR.test(source[end] as string)) end += 1;
      const name = source.slice(i, end);
      throw new CalculatorError(
        `unknown name "${name}" at position ${position}: only numbers, the operators + - * / // % ** and parentheses are allowed (no variables or functions)`,
      );
    }
    const two = source.slice(i, i + 2);
    if (two === '**' || two === '//') {
      tokens.push({ kind: 'op', op: two, position, text: two });
      i += 2;
      continue;
    }
    if (ch === '+' || ch === '-' || ch === '*' || ch === '/' || ch === '%') {
      tokens.push({ kind: 'op', op: ch, position, text: ch });
      i += 1;
      continue;
    }
    if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'lparen' : 'rparen', position, text: ch });
      i += 1;
      continue;
    }
    const hint = UNSUPPORTED_HINTS[ch];
    throw new CalculatorError(
      `syntax error at position ${position}: unexpected "${ch}"${hint ? `; ${hint}` : ''}`,
    );
  }
  tokens.push({ kind: 'end', position: source.length + 1, text: '' });
  return tokens;
}

function readNumber(source: string, start: number): Token {
  const rest = source.slice(start);
  const position = start + 1;
  const prefixed = PREFIXED_INT.exec(rest);
  const text = prefixed ? prefixed[0] : (DECIMAL_NUMBER.exec(rest)?.[0] ?? '');
  const next = rest[text.length] ?? '';
  if (next === 'j' || next === 'J') {
    throw new CalculatorError(`complex numbers are not supported (at position ${position})`);
  }
  if (NAME_CHAR.test(next) || next === '.') {
    throw new CalculatorError(
      `syntax error at position ${position + text.length}: invalid number literal "${text}${next}"`,
    );
  }
  const clean = text.replaceAll('_', '');
  if (prefixed) return { kind: 'int', value: BigInt(clean), position, text };
  if (/^[0-9]+$/.test(clean)) {
    if (clean.length > 1 && clean.startsWith('0') && /[1-9]/.test(clean)) {
      throw new CalculatorError(
        `syntax error at position ${position}: leading zeros in decimal integer literals are not permitted ("${text}")`,
      );
    }
    return { kind: 'int', value: BigInt(clean), position, text };
  }
  return { kind: 'float', value: Number(clean), position, text };
}
