import { InvalidOptionError } from '@kodama/core';

/** Which failures a step retries: error classes (matched with `isInstance` when they have it) or a predicate. */
export type RetryOn = readonly (abstract new (...args: never[]) => unknown)[] | ((error: unknown) => boolean);

/** How a step runs: its own timeout and retries. */
export interface StepPolicy {
  /** Per-attempt time limit in ms (> 0); past it the attempt fails with `StepTimeoutError`. */
  readonly timeout?: number;
  /** Extra attempts after a failure; > 0 requires `retryOn`. Default 0. */
  readonly retries?: number;
  /** Which failures are retried. */
  readonly retryOn?: RetryOn;
  /** Wait before retry n (from 1), in ms: a number or a function of n. Default 0. */
  readonly retryDelay?: number | ((attempt: number) => number);
}

/**
 * Checks a step policy: retries need `retryOn` (retrying everything would
 * retry a bad request forever), timeouts and delays are positive.
 *
 * @throws InvalidOptionError naming the option.
 */
export function checkStepPolicy(policy: StepPolicy, where: string): void {
  const { timeout, retries, retryOn, retryDelay } = policy;
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0 && Number.isFinite(timeout)))
    throw new InvalidOptionError(`${where}.timeout`, 'a number of milliseconds greater than 0', timeout);
  if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0))
    throw new InvalidOptionError(`${where}.retries`, 'an integer of 0 or more', retries);
  if ((retries ?? 0) > 0 && retryOn === undefined)
    throw new InvalidOptionError(
      `${where}.retryOn`,
      'given when retries > 0 (the error classes to retry, or a predicate)',
      retryOn,
    );
  if (retryOn !== undefined && typeof retryOn !== 'function' && !Array.isArray(retryOn))
    throw new InvalidOptionError(`${where}.retryOn`, 'an array of error classes or a function', retryOn);
  if (
    retryDelay !== undefined &&
    typeof retryDelay !== 'function' &&
    !(typeof retryDelay === 'number' && retryDelay >= 0 && Number.isFinite(retryDelay))
  )
    throw new InvalidOptionError(
      `${where}.retryDelay`,
      'milliseconds (0 or more) or a function of the attempt',
      retryDelay,
    );
}

/** True when `error` is one the policy retries. */
export function retries(policy: StepPolicy, error: unknown): boolean {
  const { retryOn } = policy;
  if (retryOn === undefined) return false;
  if (typeof retryOn === 'function' && !Array.isArray(retryOn))
    return (retryOn as (e: unknown) => boolean)(error);
  return (retryOn as readonly (abstract new (...args: never[]) => unknown)[]).some((cls) => {
    const check = (cls as { isInstance?: (v: unknown) => boolean }).isInstance;
    return typeof check === 'function' ? check.call(cls, error) : error instanceof cls;
  });
}

/** The wait before retry `attempt` (from 1). */
export function retryDelayMs(policy: StepPolicy, attempt: number): number {
  const { retryDelay } = policy;
  if (retryDelay === undefined) return 0;
  return typeof retryDelay === 'function' ? Math.max(0, retryDelay(attempt)) : retryDelay;
}
