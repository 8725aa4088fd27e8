import { CalculatorError, NonFiniteError } from './calculator-error.ts';
import { evaluate } from './evaluate.ts';
import { formatPythonFloat, roundTo3Places } from './format.ts';
import { IntegerTooLargeError, MAX_INTEGER_DIGITS } from './int-math.ts';
import { parse } from './parser.ts';

/** Longest expression accepted, in characters: arithmetic a model writes is far shorter. */
export const MAX_EXPRESSION_LENGTH = 10_000;

/**
 * Evaluates a Python arithmetic expression and returns the result as text:
 * integers exact (`2**100` -> `1267650600228229401496703205376`), floats
 * rounded to 3 places in Python's notation (`10/4` -> `2.5`, `10/5` -> `2.0`).
 * Never throws for bad input: problems come back as `Error: ...` text.
 */
export function calculate(expression: string): string {
  const quoted = JSON.stringify(expression);
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    return `Error: the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`;
  }
  try {
    const result = evaluate(parse(expression));
    if (typeof result === 'bigint') return result.toString();
    if (!Number.isFinite(result)) return `Error: result of ${quoted} is not a finite number`;
    return formatPythonFloat(roundTo3Places(result));
  } catch (error) {
    if (error instanceof IntegerTooLargeError) {
      return `Error: result of ${quoted} would have more than ${MAX_INTEGER_DIGITS} digits; refusing to compute it`;
    }
    if (error instanceof NonFiniteError) return `Error: result of ${quoted} is not a finite number`;
    if (error instanceof CalculatorError) return `Error: ${error.message}`;
    throw error;
  }
}
