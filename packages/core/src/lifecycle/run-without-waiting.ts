import type { CloseHandler } from './close-handler.ts';

/** Runs handlers last-armed first, synchronously, each isolated (async ones are started, not awaited). */
export function runWithoutWaiting(handlers: readonly CloseHandler[]): void {
  for (let i = handlers.length - 1; i >= 0; i--) {
    try {
      const pending = handlers[i]!();
      if (pending) pending.catch(() => {});
    } catch {
      // A backstop: one failing handler must not keep the others from running.
    }
  }
}
