/**
 * Where the agent reads the time (event timestamps, turn durations). Inject a
 * fixed or recorded clock so a replay reproduces the same events.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The default {@link Clock}: `Date.now()`. */
export const SYSTEM_CLOCK: Clock = Object.freeze({ now: () => Date.now() });
