import { KodamaError } from '../errors/kodama-error.ts';

/**
 * The model's final answer did not match the Run's output schema, even after
 * one repair turn; the Run ends `failed` with this error. `problems` lists
 * every problem of the last answer with its path (`$.city is required`);
 * `response` is that answer as the model gave it.
 */
export class OutputValidationError extends KodamaError {
  /** Every problem of the last answer, each with its path. */
  readonly problems: readonly string[];
  /** The last answer's text (the JSON text, or the answer tool's arguments). */
  readonly response: string;

  constructor(problems: readonly string[], response: string) {
    super(`the answer does not match the output schema: ${problems.join('; ')}`);
    this.problems = Object.freeze([...problems]);
    this.response = response;
  }
}
