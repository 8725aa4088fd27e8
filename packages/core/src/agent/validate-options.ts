import { Cancellable } from '../controls/cancellable.ts';
import { Interloper } from '../controls/interloper.ts';
import { StepLimit } from '../controls/step-limit.ts';
import { InvalidOptionError } from '../errors/invalid-option-error.ts';
import type { AgentOptions } from './agent-options.ts';

type Check = (value: unknown) => boolean;

const isFunction = (v: unknown) => typeof v === 'function';
const hasMethods =
  (...names: string[]): Check =>
  (v) =>
    typeof v === 'object' && v !== null && names.every((n) => isFunction((v as Record<string, unknown>)[n]));

/** Each option: how to check it, and the words for what it accepts. Absent optional options are not checked. */
const RULES: Readonly<Record<keyof AgentOptions, readonly [Check, string]>> = {
  model: [hasMethods('stream'), 'a Model (an object with a stream method, e.g. from resolveModel)'],
  systemPrompt: [(v) => typeof v === 'string', 'a string'],
  stepLimit: [(v) => v instanceof StepLimit, 'a StepLimit'],
  cancellable: [(v) => v instanceof Cancellable, 'a Cancellable'],
  interloper: [(v) => v instanceof Interloper, 'an Interloper'],
  id: [(v) => typeof v === 'string', 'a string'],
  streaming: [(v) => typeof v === 'boolean', 'a boolean'],
  toolFailures: [(v) => v === 'raise' || v === 'observe', `'raise' or 'observe'`],
  maxResultTokens: [(v) => Number.isSafeInteger(v) && (v as number) >= 1, 'a positive integer (1 or more)'],
  acceptTruncated: [(v) => typeof v === 'boolean', 'a boolean'],
  stepRunner: [hasMethods('model', 'tool', 'input'), 'a StepRunner (model, tool and input methods)'],
  ids: [hasMethods('next'), 'an IdSource (an object with a next method)'],
  clock: [hasMethods('now'), 'a Clock (an object with a now method)'],
  configure: [isFunction, 'a function'],
};

const REQUIRED: ReadonlySet<string> = new Set(['model', 'systemPrompt']);

/**
 * Checks every agent option before anything is built.
 *
 * @throws InvalidOptionError naming the first bad option, what it accepts and what it got.
 */
export function validateAgentOptions(options: AgentOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidOptionError('AgentOptions', 'an object', options);
  }
  for (const [name, [check, expected]] of Object.entries(RULES)) {
    const value = (options as unknown as Record<string, unknown>)[name];
    if (value === undefined && !REQUIRED.has(name)) continue;
    if (!check(value)) throw new InvalidOptionError(`AgentOptions.${name}`, expected, value);
  }
}
