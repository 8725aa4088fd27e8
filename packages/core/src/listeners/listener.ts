import type { AgentEvent } from '../events/events.ts';

/** What a sub-agent tells its parent's listeners when deriving its own. */
export interface SubAgentParams {
  /** The sub-agent's id, e.g. `researcher 0` or `synthesizer`. */
  readonly id: string;
  /** The sub-agent's step budget, when it has one. */
  readonly maxSteps?: number;
}

/**
 * A consumer of agent events.
 *
 * Contract: `onEvent` only observes. It must not call back into the agent
 * (no `turn`, no `clearConversation`) and should return quickly: it runs
 * inline in the loop (buffer or hand work off for anything slow). It is
 * isolated from the work: an exception it throws becomes a process warning
 * (`KodamaListenerWarning`) and never unwinds the turn. An extension that
 * must act on the loop uses a hook (`Extension.onToolCall`), not a listener.
 */
export interface Listener {
  /** Shown by `Agent.describe()`; defaults to the class name. */
  readonly name?: string;
  /** Receives one event. */
  onEvent(event: AgentEvent): void;
  /**
   * The listener a sub-agent should use. Absent means "the same instance"
   * (an event list shared by reference); a renderer returns an indented copy;
   * `undefined` means sub-agents get none (a listener that acts on its own
   * agent's tool calls, such as path activation).
   */
  forSubAgent?(params: SubAgentParams): Listener | undefined;
}

/** Display name of a listener, for `describe()`. */
export function listenerName(listener: Listener): string {
  return listener.name ?? listener.constructor?.name ?? 'Listener';
}
