import { type Clock, SYSTEM_CLOCK } from '../ids/clock.ts';
import { type IdSource, RANDOM_IDS } from '../ids/id-source.ts';
import type { Content } from '../messages/content.ts';
import { Run } from './run.ts';
import type { RunBody } from './run-body.ts';
import { type AskOptions, validateAskOptions } from './run-options.ts';

/** Where a Run made by {@link createRunOf} takes its id and time. */
export interface RunOfSettings {
  /** Run ids (when `options.runId` is absent); default random UUIDs. */
  readonly ids?: IdSource;
  /** Default the system clock. */
  readonly clock?: Clock;
}

/**
 * A dormant Run whose work is `body` (an assembly's steps, a durable
 * replay), with everything an agent's Run has: outcome, deadline, cancel,
 * resources, usage, session, terminal event. Start it with `execute()` or
 * `stream()`.
 *
 * @throws InvalidOptionError naming the first bad option, before a Run exists.
 */
export function createRunOf<T = unknown>(
  body: RunBody,
  input: Content | undefined,
  options: AskOptions = {},
  settings: RunOfSettings = {},
): Run<T> {
  validateAskOptions(options);
  const id = options.runId ?? (settings.ids ?? RANDOM_IDS).next('run');
  return new Run<T>({ id, body, input, options, clock: settings.clock ?? SYSTEM_CLOCK });
}
