import type { Content } from '../messages/content.ts';

/**
 * A queue of user messages typed while a turn runs. The agent drains it at
 * turn start and after each answered tool batch (the only points where the
 * conversation is consistent), appending each as a user message and emitting
 * `user-turn` with `midLoop: true`. Injecting never resets the step budget or
 * a cancel. Not shared with sub-agents.
 *
 * Over the Run plane it feeds the Run's interjection inbox: `agent.ask(input,
 * { interloper })` delivers what it holds at each model boundary, after the
 * Run's own `run.interject` messages (which are answered; these are not
 * waited for).
 */
export class Interloper {
  #queue: Content[] = [];

  /** Queues a message for the next delivery point. Safe to call at any time. */
  inject(content: Content): void {
    this.#queue.push(content);
  }

  /** How many messages wait for delivery. */
  get pending(): number {
    return this.#queue.length;
  }

  /** Takes every queued message, oldest first. */
  drain(): Content[] {
    if (this.#queue.length === 0) return [];
    const taken = this.#queue;
    this.#queue = [];
    return taken;
  }
}
