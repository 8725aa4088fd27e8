import { InvalidOptionError } from '@kodama/core';

/**
 * How long a model stream may stay silent (no bytes, or for the AI SDK
 * adapter no stream parts) before it is aborted, unless configured. A provider
 * whose models are known to think longer before the first token may pass its
 * own default instead of this one.
 */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/**
 * The idle timeout an adapter uses: `value`, else `fallback`. Throws
 * `InvalidOptionError` for anything but a positive number; `Infinity` turns
 * the timeout off.
 */
export function idleTimeoutOf(value: number | undefined, fallback = DEFAULT_IDLE_TIMEOUT_MS): number {
  const timeout = value ?? fallback;
  if (typeof timeout !== 'number' || !(timeout > 0)) {
    throw new InvalidOptionError(
      'idleTimeoutMs',
      'a positive number of milliseconds (Infinity turns the timeout off)',
      timeout,
    );
  }
  return timeout;
}
