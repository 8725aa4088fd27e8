import type { AgentEvent, AgentEventType } from '../events/events.ts';
import type { Listener } from './listener.ts';

/**
 * Records every event in memory, in order. Sub-agents share the same
 * instance, so one list holds the whole tree's events (tell them apart by `agentId`).
 */
export class InMemoryEventList implements Listener {
  /** Shown by `describe()`. */
  readonly name = 'InMemoryEventList';
  /** Every event received, oldest first. */
  readonly events: AgentEvent[] = [];

  /** Records the event. */
  onEvent(event: AgentEvent): void {
    this.events.push(event);
  }

  /** The recorded events of one type, typed by it. */
  ofType<T extends AgentEventType>(type: T): Extract<AgentEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
  }

  /** The `type` tags, in order: the cheapest thing to assert a sequence on. */
  types(): AgentEventType[] {
    return this.events.map((e) => e.type);
  }

  /** Forgets everything recorded. */
  clear(): void {
    this.events.length = 0;
  }
}
