import type { CloseHandler } from './close-handler.ts';
import { closeAtExit, forgetAtExit } from './exit-backstop.ts';
import { runWithoutWaiting } from './run-without-waiting.ts';

/**
 * An agent's armed teardown steps. Created on the first `onClose`, which is
 * also when the exit backstop is armed: agents without handlers cost nothing.
 */
export class CloseHandlers {
  readonly #handlers: CloseHandler[] = [];

  constructor(owner: object) {
    closeAtExit(owner, this.#handlers);
  }

  /** Adds a step (run last-armed first). */
  arm(handler: CloseHandler): void {
    this.#handlers.push(handler);
  }

  /** Runs every step now without awaiting (construction failed; nothing to hand back a promise to). */
  fireNow(): void {
    forgetAtExit(this.#handlers);
    runWithoutWaiting(this.#handlers);
  }

  /** Runs every step last-armed first, awaiting each; a failing one becomes a process warning. */
  async close(agentId: string): Promise<void> {
    forgetAtExit(this.#handlers);
    for (let i = this.#handlers.length - 1; i >= 0; i--) {
      try {
        await this.#handlers[i]!();
      } catch (error) {
        process.emitWarning(
          `agent "${agentId}": a close handler failed: ${String(error)}`,
          'KodamaCloseWarning',
        );
      }
    }
  }
}
