import { Interloper } from '../controls/interloper.ts';
import type { Content } from '../messages/content.ts';

/**
 * The queue a Run's turns drain at each model boundary: the Run's own
 * interjections (`run.interject`) first, then what a caller's
 * {@link Interloper} holds (`AskOptions.interloper`), so pikuri's Interloper
 * feeds the Run's inbox instead of being a second way in. The caller's
 * messages are delivered like interjections, without an answer to wait for;
 * what it still holds when the Run ends stays there.
 */
export class RunInbox extends Interloper {
  readonly #caller: Interloper | undefined;

  constructor(caller?: Interloper) {
    super();
    this.#caller = caller;
  }

  override get pending(): number {
    return super.pending + (this.#caller?.pending ?? 0);
  }

  /** Messages from the caller's Interloper alone, waiting for delivery. */
  get callerPending(): number {
    return this.#caller?.pending ?? 0;
  }

  override drain(): Content[] {
    const own = super.drain();
    const theirs = this.#caller?.drain() ?? [];
    return theirs.length === 0 ? own : [...own, ...theirs];
  }

  /** Drops the Run's own undelivered messages (the Run ended); the caller's stay queued. */
  clearOwn(): void {
    super.drain();
  }
}
