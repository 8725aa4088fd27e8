/**
 * The one observation contract, shared by listeners and Run observers: a
 * consumer is called isolated from the work. Its throw goes to `failed`, and
 * so does the rejection of a promise it returns (never waited for), so a
 * slow consumer costs the caller only its synchronous part.
 */
export function isolatedCall(call: () => unknown, failed: (error: unknown) => void): void {
  try {
    const returned = call();
    if (typeof (returned as PromiseLike<unknown> | undefined)?.then === 'function') {
      (returned as PromiseLike<unknown>).then(undefined, failed);
    }
  } catch (error) {
    failed(error);
  }
}
