/** True when `error` is an abort (DOMException or Error named `AbortError`). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * The error an aborted call rejects with: the signal's own reason when it is an
 * AbortError, else a fresh `AbortError` carrying that reason as its cause, so
 * callers can always test `error.name === 'AbortError'`.
 */
export function toAbortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (isAbortError(reason)) return reason as Error;
  const error = new DOMException('The model call was aborted', 'AbortError');
  if (reason !== undefined) Object.defineProperty(error, 'cause', { value: reason });
  return error;
}

/** Throws {@link toAbortError} when `signal` is already aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw toAbortError(signal);
}
