// setTimeout holds its delay in a signed 32-bit integer: Node turns anything
// above 2^31-1 ms (about 24.8 days) into 1 ms with a TimeoutOverflowWarning,
// so a deadline a month away would fire at once. Longer waits are chained.

/** setTimeout's largest delay in ms (2^31-1, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `fire` once after `ms` milliseconds, however long: delays past
 * {@link MAX_TIMER_MS} are slept in hops of at most that length. Returns the
 * function that cancels it (safe to call more than once or after it fired).
 * The timer keeps the process alive, like a plain `setTimeout`.
 */
export function startLongTimer(fire: () => void, ms: number): () => void {
  let remaining = Math.max(0, ms);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hop = () => {
    const wait = Math.min(remaining, MAX_TIMER_MS);
    remaining -= wait;
    timer = setTimeout(remaining > 0 ? hop : fire, wait);
  };
  hop();
  return () => clearTimeout(timer);
}
