import { type AnyTool, defineTool, NONE, params } from '@kodama/core';
import { calculate } from './calculate.ts';

const DESCRIPTION = `Evaluates a basic arithmetic expression and returns the numeric result.

Usage:
- Use this for any arithmetic beyond simple mental math — do not eyeball multi-digit work.
- Decimal results are rounded to 3 places; integer results are exact.`;

/**
 * The `calculator` tool: Python arithmetic (`+ - * / // % **`, unary minus,
 * parentheses, decimals) through a hand-written parser. No I/O, no state:
 * trifecta legs NONE, and one instance can serve every agent.
 */
export function calculatorTool(): AnyTool {
  return defineTool({
    name: 'calculator',
    description: DESCRIPTION,
    parameters: params().requiredString(
      'expression',
      'Arithmetic expression in Python syntax: + - * / (true division), // (floor division), % (modulo), ** (exponentiation), unary minus, parentheses, decimals. E.g. "155 / (58 * 1000.0 / 3600)" or "2**10".',
    ),
    execute: ({ expression }) => calculate(expression),
    trifectaLegs: NONE,
  });
}
