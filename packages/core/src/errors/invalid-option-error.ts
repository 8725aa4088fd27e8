import { KodamaError } from './kodama-error.ts';

/** How a value is shown in an option error: strings quoted, objects by kind. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/**
 * An option passed to a kodama constructor or call is missing, of the wrong
 * type or out of range. Thrown before anything starts; the message names the
 * option, what it accepts and what it got:
 * `AgentOptions.maxResultTokens must be a positive integer, got 0`.
 */
export class InvalidOptionError extends KodamaError {
  /** The option's qualified name, e.g. `AgentOptions.maxResultTokens`. */
  readonly option: string;

  constructor(option: string, expected: string, received: unknown) {
    super(`${option} must be ${expected}, got ${describeValue(received)}`);
    this.option = option;
  }
}
