import { getMaxListeners, setMaxListeners } from 'node:events';

/** A signal that follows another, and the function that lets go of it. */
export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** Stops following the parent (idempotent). */
  dispose(): void;
}

/**
 * A signal that follows `parent` through one listener, which is counted in
 * the parent's listener limit: fifty child Runs of one tool batch are fifty
 * legitimate listeners, not the leak Node's warning at eleven suspects.
 */
export function linkedSignal(parent: AbortSignal): LinkedSignal {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  let linked = false;
  if (parent.aborted) onAbort();
  else {
    linked = true;
    adjustLimit(parent, +1);
    parent.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    dispose: () => {
      if (!linked) return;
      linked = false;
      if (parent.aborted) return;
      parent.removeEventListener('abort', onAbort);
      adjustLimit(parent, -1);
    },
  };
}

/** Raises or lowers the parent's limit by one; 0 (no limit, as a `Cancellable` sets) stays 0. */
function adjustLimit(parent: AbortSignal, by: 1 | -1): void {
  const limit = limitOf(parent);
  if (limit === 0) return;
  setMaxListeners(Math.max(limit + by, 10), parent);
}

/** The signal's listener limit. Node 20's `getMaxListeners` throws for a signal whose limit was set to 0. */
function limitOf(signal: AbortSignal): number {
  try {
    return getMaxListeners(signal);
  } catch {
    return 0;
  }
}
