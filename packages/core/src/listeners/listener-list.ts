import type { AgentEvent } from '../events/events.ts';
import { isolatedCall } from './isolated-call.ts';
import { type Listener, listenerName, type SubAgentParams } from './listener.ts';

/**
 * An agent's listeners, in the order they were added. Emission is reachable
 * only from the agent's loop and the capability contexts it hands out.
 * Adding or removing swaps in a new array, so an event being delivered is
 * delivered to the listeners present when it started.
 */
export class ListenerList {
  #listeners: readonly Listener[];

  constructor(listeners: readonly Listener[] = []) {
    this.#listeners = listeners;
  }

  /** How many listeners there are. */
  get size(): number {
    return this.#listeners.length;
  }

  /**
   * Hands one event to every listener, in order, each isolated from the
   * work: a listener that throws cannot unwind the turn (nor keep the
   * listeners after it from the event); its error becomes a process warning
   * (`KodamaListenerWarning`), as a failing Run observer's does.
   */
  emit(event: AgentEvent): void {
    for (const listener of this.#listeners) {
      isolatedCall(
        () => listener.onEvent(event),
        (error) =>
          process.emitWarning(
            `the listener ${listenerName(listener)} threw on ${event.type}: ${error instanceof Error ? error.message : String(error)}`,
            'KodamaListenerWarning',
          ),
      );
    }
  }

  /**
   * Appends a listener; returns the function that removes it again (idempotent).
   * @throws TypeError when it is not a Listener.
   */
  add(listener: Listener): () => void {
    if (typeof listener?.onEvent !== 'function') {
      throw new TypeError('expected a Listener: an object with an onEvent(event) method');
    }
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  /**
   * The list a sub-agent uses: each listener's own `forSubAgent`, or the same
   * instance. A snapshot: listeners added to this list later do not join it.
   */
  forSubAgent(params: SubAgentParams): ListenerList {
    const views: Listener[] = [];
    for (const l of this.#listeners) {
      const view = l.forSubAgent ? l.forSubAgent(params) : l;
      if (view !== undefined) views.push(view);
    }
    return new ListenerList(views);
  }

  /** The listeners, in order (a snapshot), e.g. to hand a sub-agent's list to its configurator. */
  get listeners(): readonly Listener[] {
    return this.#listeners;
  }

  /** Display names, for `describe()`. */
  names(): string[] {
    return this.#listeners.map(listenerName);
  }
}
