/**
 * `@kodama/tools/calculator`: the calculator tool and the evaluator under it.
 * Loads nothing but the calculator and `@kodama/core`.
 */
export { calculate } from './calculate.ts';
export { calculatorTool } from './calculator-tool.ts';
