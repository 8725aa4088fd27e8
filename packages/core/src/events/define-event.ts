import type { DomainEvent } from './events.ts';

declare const PAYLOAD: unique symbol;

/**
 * The name of a domain event with the type of its data: what a producer
 * exports so that its consumers share one declaration instead of each
 * re-typing `{ name: string; data: unknown }`. At run time it is the name
 * itself (a string), so it travels through `emit`, event logs and the
 * AG-UI wire unchanged; the type exists only for the compiler.
 */
export type EventKey<T> = string & { readonly [PAYLOAD]?: T };

/** `<producer>.<what>`: lowercase words with `-`, at least one dot (`tasks.changed`, `mcp.server-connected`). */
const EVENT_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/**
 * Declares a domain event: `defineEvent<TasksChanged>('tasks.changed')`.
 * Emit it with `context.emit(key, data)` (the data is checked against `T`),
 * match it with {@link isEvent}.
 *
 * @throws TypeError when `name` is not `<producer>.<what>` (see the naming rule in docs/core.md).
 */
export function defineEvent<T>(name: string): EventKey<T> {
  if (!EVENT_NAME.test(name))
    throw new TypeError(
      `defineEvent: ${JSON.stringify(name)} is not an event name: use <producer>.<what>, lowercase words joined by - (e.g. tasks.changed)`,
    );
  return name as EventKey<T>;
}

/** The domain event `key` names, with its data typed. */
export interface DomainEventOf<T> extends DomainEvent {
  readonly data: T;
}

/** True when `event` (an agent's or a Run's event) is the domain event `key` names; narrows its `data` to `T`. */
export function isEvent<T>(event: { readonly type: string }, key: EventKey<T>): event is DomainEventOf<T> {
  return event.type === 'domain' && (event as DomainEvent).name === key;
}
