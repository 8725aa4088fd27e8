import { KodamaError } from '../errors/kodama-error.ts';

function quoted(names: readonly string[]): string {
  return names.map((n) => `"${n}"`).join(', ');
}

/**
 * A tool name that is not available: a model calling a tool the agent does
 * not have (the loop turns it into an `Error: ...` observation), or a host
 * asking a registry for a tool it does not hold (a typo in `--tools`).
 */
export class UnknownToolError extends KodamaError {
  /** The names that were not found. */
  readonly unknownNames: readonly string[];
  /** The names that are available. */
  readonly available: readonly string[];

  constructor(unknownNames: string | readonly string[], available: readonly string[]) {
    const names = typeof unknownNames === 'string' ? [unknownNames] : unknownNames;
    super(
      `unknown tool${names.length > 1 ? 's' : ''} ${quoted(names)}. Available tools: ${available.join(', ') || '(none)'}`,
    );
    this.unknownNames = names;
    this.available = available;
  }
}
