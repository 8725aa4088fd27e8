import { InvalidOptionError } from '../errors/invalid-option-error.ts';

/** How to check one option: a predicate and the words for what it accepts. */
export type OptionRule = readonly [check: (value: unknown) => boolean, expected: string];

/** True for a non-null object whose named properties are all functions. */
export function hasMethods(...names: string[]): (value: unknown) => boolean {
  return (value) =>
    typeof value === 'object' &&
    value !== null &&
    names.every((n) => typeof (value as Record<string, unknown>)[n] === 'function');
}

/**
 * Checks an options object against its rules before anything is built:
 * required options must be present, present ones must pass their rule.
 *
 * @param name How the object is named in messages, e.g. `AgentOptions`.
 * @throws InvalidOptionError naming the first bad option, what it accepts and what it got.
 */
export function checkOptions<T extends object>(
  name: string,
  options: T | undefined,
  rules: Readonly<Partial<Record<keyof T & string, OptionRule>>>,
  required: readonly (keyof T & string)[] = [],
): void {
  if (options === undefined && required.length === 0) return;
  if (typeof options !== 'object' || options === null)
    throw new InvalidOptionError(name, 'an object', options);
  for (const [key, rule] of Object.entries(rules) as [string, OptionRule][]) {
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined && !required.includes(key as keyof T & string)) continue;
    if (!rule[0](value)) throw new InvalidOptionError(`${name}.${key}`, rule[1], value);
  }
}
