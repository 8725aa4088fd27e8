import { setMaxListeners } from 'node:events';
import { KodamaError } from '../errors/kodama-error.ts';

/**
 * The user cancelled the turn. `turn` rejects with it after the conversation
 * was repaired and a `cancelled` event was emitted.
 */
export class CancelledError extends KodamaError {
  constructor(options: { cause?: unknown } = {}) {
    super('Agent loop cancelled', options);
  }
}

/**
 * Stops a running turn from anywhere (a SIGINT handler, a UI button, a timer).
 * Cancelling aborts the in-flight model request and signals running tools
 * through `ToolContext.signal`; the turn then unwinds with {@link CancelledError}.
 * Shared by a whole agent tree: `forSubAgent` returns the same instance, so one
 * cancel stops parent, sub-agents and synthesizer.
 *
 * Over the Run plane it is a signal source: `agent.ask(input, { signal:
 * cancellable.signal })`, then `cancellable.cancel()` cancels that Run (and
 * its child Runs, which follow its signal). A cancel stays in force until
 * {@link reset}.
 */
export class Cancellable {
  #controller: AbortController | undefined;

  /** The signal of the current turn; aborted by {@link cancel}. */
  get signal(): AbortSignal {
    return this.#arm().signal;
  }

  #arm(): AbortController {
    if (!this.#controller) {
      this.#controller = new AbortController();
      // Every running tool and model request of a tree listens on this one signal.
      setMaxListeners(0, this.#controller.signal);
    }
    return this.#controller;
  }

  /** Whether {@link cancel} was called since the last reset. */
  get cancelled(): boolean {
    return this.#controller?.signal.aborted ?? false;
  }

  /** Cancels the current turn. Idempotent; safe to call when no turn runs. */
  cancel(): void {
    const controller = this.#arm();
    if (!controller.signal.aborted) controller.abort(new CancelledError());
  }

  /** Throws {@link CancelledError} when cancelled. */
  check(): void {
    if (this.cancelled) throw new CancelledError();
  }

  /** Arms a fresh signal (the agent calls this at turn start; a cancel before it is dropped). */
  reset(): void {
    if (this.#controller?.signal.aborted) this.#controller = undefined;
  }

  /** The same instance: one cancel stops the whole tree. */
  forSubAgent(): Cancellable {
    return this;
  }
}
