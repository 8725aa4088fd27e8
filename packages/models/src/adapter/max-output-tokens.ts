import { InvalidOptionError } from '@kodama/core';

/**
 * Checks a model's default output-token limit: `undefined` (the provider's
 * own) or a positive integer. Throws `InvalidOptionError` otherwise.
 */
export function maxOutputTokensOf(value: number | undefined, name = 'maxOutputTokens'): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new InvalidOptionError(name, 'a positive whole number of tokens', value);
  }
  return value;
}
