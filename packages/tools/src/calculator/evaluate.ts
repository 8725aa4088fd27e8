import type { Expression } from './ast.ts';
import { CalculatorError } from './calculator-error.ts';
import { floatFloorDiv, floatMod, floatPower, floatTrueDivide } from './float-math.ts';
import { intAdd, intFloorDiv, intMod, intMultiply, intPower, intToFloat, intTrueDivide } from './int-math.ts';
import type { Operator } from './lexer.ts';

/** A Python number: `bigint` is `int` (exact), `number` is `float`. */
export type PythonNumber = bigint | number;

/** Evaluates a parsed expression with Python semantics. Throws `CalculatorError`. */
export function evaluate(expression: Expression): PythonNumber {
  switch (expression.kind) {
    case 'number':
      return expression.value;
    case 'unary': {
      const operand = evaluate(expression.operand);
      return expression.op === '-' ? -operand : operand;
    }
    case 'binary':
      return applyBinary(expression.op, evaluate(expression.left), evaluate(expression.right));
  }
}

function applyBinary(op: Operator, left: PythonNumber, right: PythonNumber): PythonNumber {
  if (typeof left === 'bigint' && typeof right === 'bigint') return applyInt(op, left, right);
  const a = typeof left === 'bigint' ? intToFloat(left) : left;
  const b = typeof right === 'bigint' ? intToFloat(right) : right;
  return applyFloat(op, a, b);
}

function applyInt(op: Operator, a: bigint, b: bigint): PythonNumber {
  switch (op) {
    case '+':
      return intAdd(a, b);
    case '-':
      return intAdd(a, -b);
    case '*':
      return intMultiply(a, b);
    case '/':
      return intTrueDivide(a, b);
    case '//':
      return intFloorDiv(a, b);
    case '%':
      return intMod(a, b);
    case '**':
      if (b >= 0n) return intPower(a, b);
      if (a === 0n) throw new CalculatorError('zero cannot be raised to a negative power');
      return floatPower(intToFloat(a), intToFloat(b));
  }
}

function applyFloat(op: Operator, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return floatTrueDivide(a, b);
    case '//':
      return floatFloorDiv(a, b);
    case '%':
      return floatMod(a, b);
    case '**':
      return floatPower(a, b);
  }
}
