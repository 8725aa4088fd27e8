import { CancelledError } from '../controls/cancellable.ts';

/**
 * The parts of `stream` until `signal` aborts. Then the iteration rejects
 * with a `CancelledError` at once, even when the stream ignores the signal
 * (a model that never passes it on), and the stream is asked to close
 * without being waited for: nothing that arrives after the abort is yielded.
 * No timer; the one abort listener is removed when the iteration ends.
 */
export async function* untilAborted<T>(stream: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = stream[Symbol.asyncIterator]();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new CancelledError({ cause: signal.reason }));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {}); // observed through the race below; never an unhandled rejection
  let finished = false;
  try {
    for (;;) {
      // Promise.race subscribes to the pending part, so its later rejection is handled too.
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) {
        finished = true;
        break;
      }
      yield next.value;
    }
    if (signal.aborted) throw new CancelledError({ cause: signal.reason });
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
    // Abandoned early (aborted, or the consumer stopped): close the stream, without waiting on it.
    if (!finished) iterator.return?.()?.catch(() => {});
  }
}
