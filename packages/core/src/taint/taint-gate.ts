/** A tool call the runtime taint gate holds for confirmation. */
export interface TaintedCall {
  /** The agent about to run the call ('' for a main agent). */
  readonly agentId: string;
  /** The egress-capable tool the model called. */
  readonly toolName: string;
  /** The call's arguments as the model wrote them (JSON text). */
  readonly arguments: string;
  /** The tools whose untrusted output is in the conversation, first seen first. */
  readonly sources: readonly string[];
}

/**
 * Decides whether a tainted call may run: typically asks a person, naming
 * the sources (`fetch brought in untrusted content; run bash anyway?`).
 * Resolve `true` to run the call, `false` to refuse it; `signal` aborts when
 * the turn is cancelled. An agent without a gate refuses every tainted call.
 */
export type TaintGate = (call: TaintedCall, signal: AbortSignal) => boolean | Promise<boolean>;
