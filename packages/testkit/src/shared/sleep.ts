/** The error an aborted signal rejects with: its reason, or a DOMException named `AbortError`. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * Waits `ms` milliseconds; rejects with the signal's abort reason as soon as
 * `signal` aborts (the timer is cleared, so nothing keeps the process alive).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A promise that never settles unless `signal` aborts (then it rejects with the reason). */
export function waitForAbort(signal?: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(abortReason(signal));
    else signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
  });
}
