import type { AgentEvent } from '../events/events.ts';
import { type Listener, listenerName, type SubAgentParams } from './listener.ts';

/**
 * An agent's listeners, in the order they were added. Emission is reachable
 * only from the agent's loop and the capability contexts it hands out.
 */
export class ListenerList {
  readonly #listeners: readonly Listener[];

  constructor(listeners: readonly Listener[] = []) {
    this.#listeners = listeners;
  }

  /** How many listeners there are. */
  get size(): number {
    return this.#listeners.length;
  }

  /** Hands one event to every listener, in order. */
  emit(event: AgentEvent): void {
    for (const listener of this.#listeners) listener.onEvent(event);
  }

  /** The list a sub-agent uses: each listener's own `forSubAgent`, or the same instance. */
  forSubAgent(params: SubAgentParams): ListenerList {
    return new ListenerList(this.#listeners.map((l) => (l.forSubAgent ? l.forSubAgent(params) : l)));
  }

  /** Display names, for `describe()`. */
  names(): string[] {
    return this.#listeners.map(listenerName);
  }
}
