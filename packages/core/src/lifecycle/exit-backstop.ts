import type { CloseHandler } from './close-handler.ts';
import { runWithoutWaiting } from './run-without-waiting.ts';

// The one process-wide registry of this package. It holds each unclosed
// agent's close-handler list, never the agent itself, so a forgotten agent
// stays collectable: when it is collected its handlers run then (nobody can
// use its resources any more), otherwise they run at process exit.
const live = new Set<CloseHandler[]>();
const finalizer = new FinalizationRegistry<CloseHandler[]>((handlers) => {
  if (live.delete(handlers)) runWithoutWaiting(handlers);
});
let installed = false;

function closeAll(): void {
  for (const handlers of live) runWithoutWaiting(handlers);
  live.clear();
}

/**
 * Arms the backstop for an agent that holds close handlers: they run when the
 * agent is garbage-collected or at process exit, whichever comes first, unless
 * {@link forgetAtExit} is called (a deliberate `close()`). Cheap: one set entry
 * and one finalizer registration, done only when the first handler is armed.
 */
export function closeAtExit(owner: object, handlers: CloseHandler[]): void {
  if (!installed) {
    installed = true;
    process.once('exit', closeAll);
  }
  live.add(handlers);
  finalizer.register(owner, handlers, handlers);
}

/** Disarms the backstop for `handlers` (the agent is closing deliberately). */
export function forgetAtExit(handlers: CloseHandler[]): void {
  live.delete(handlers);
  finalizer.unregister(handlers);
}
