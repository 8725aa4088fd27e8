import { KodamaError } from '@kodama/core';

/**
 * A problem with an expression the model can fix (syntax, division by zero,
 * an unsupported name, a result too large). Internal: `calculate` turns it into
 * an `Error: ...` observation.
 */
export class CalculatorError extends KodamaError {}

/** A float operation overflowed where Python raises (`2.0 ** 10000`). */
export class NonFiniteError extends CalculatorError {}
