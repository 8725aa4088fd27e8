import { InvalidOptionError } from '../errors/invalid-option-error.ts';

/** `value`, or `fallback` when absent; throws {@link InvalidOptionError} naming `option` unless a positive integer. */
export function positiveIntegerOption(value: number | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new InvalidOptionError(option, 'a positive integer (1 or more)', value);
  }
  return value;
}
