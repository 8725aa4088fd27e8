/**
 * The events of a Run: every event of the Run's own agent, passed through
 * as it is, plus the run-level events below. Every run-level event carries
 * `runId`. A Run emits exactly one terminal event, `run-end`, whose
 * `outcome` says how it ended; always last, after its resources are closed.
 * Lifetimes are named start/end throughout (`run-start`/`run-end`,
 * `turn-start`/`turn-end`, `assembly-step-start`/`assembly-step-end`).
 *
 * Order of a plain completed run: `run-start`, then the agent's turn
 * (`turn-start` ... `turn-end`), then `run-end` (outcome
 * `completed`). An assembly's Run adds
 * its step and transition events (`assembly-events.ts`).
 */
import type { ErrorInfo } from '../errors/error-info.ts';
import type { AgentEvent } from '../events/events.ts';
import type { AssemblyEvent } from './assembly-events.ts';
import type { RunUsage } from './run-usage.ts';

/** The Run began. Contract: the first event of every Run. */
export interface RunStartEvent {
  readonly type: 'run-start';
  readonly runId: string;
  /** The session the Run continues or starts; `undefined` without one. */
  readonly sessionId: string | undefined;
  readonly at: number;
}

/**
 * Interjections sent with `run.interject` were delivered to the model.
 * Contract: emitted right after their `user-turn` events (`midLoop: true`);
 * `count` messages were delivered together and share the next response.
 */
export interface InterjectionDeliveredEvent {
  readonly type: 'interjection-delivered';
  readonly runId: string;
  readonly count: number;
}

/** Where a nested agent's event came from. */
export interface AgentStreamSource {
  /** The nested agent's id (e.g. `researcher 0`, `synthesizer`). */
  readonly agentId: string;
  /** Its place in the tree, from the Run's agent: `/researcher 0`. */
  readonly path: string;
  /** The operation that started it: the Run's id for agents the Run's agent started. */
  readonly parentOperationId: string;
}

/**
 * An event of a nested agent (a sub-agent, the synthesizer, an assembly
 * participant), wrapped with where it came from. Contract: only when the Run
 * was started with `includeAgentEvents: true` (nested agents may see data the
 * caller's destination should not); per-agent order is preserved.
 */
export interface AgentStreamEvent {
  readonly type: 'agent-stream';
  readonly runId: string;
  readonly source: AgentStreamSource;
  readonly event: AgentEvent;
}

/** Fields every `run-end` event carries, whatever the outcome. */
interface RunEndBase {
  readonly type: 'run-end';
  readonly runId: string;
  /** Summed over every model response of the Run; reported exactly once, here. */
  readonly usage: RunUsage;
  readonly at: number;
}

/**
 * The Run completed. Contract: `response` is the final answer; with an
 * output schema it is the answer's JSON text and `output` its validated value
 * (absent without one).
 */
export interface RunCompletedEnd extends RunEndBase {
  readonly outcome: 'completed';
  readonly response: string;
  readonly output?: unknown;
}

/**
 * The Run failed. Contract: `message` is safe to show to the end user of an
 * application (it never holds provider bodies or stack traces); `error` names
 * the cause for logs; `cleanupFailed` is true when the work succeeded but
 * closing the Run's resources failed.
 */
export interface RunFailedEnd extends RunEndBase {
  readonly outcome: 'failed';
  readonly message: string;
  readonly error: ErrorInfo;
  readonly cleanupFailed: boolean;
}

/**
 * The deadline stopped the Run. Contract: `response` is the text of the
 * latest complete assistant message of this Run ('' when none): text of a
 * response that was cut or retried is never included.
 */
export interface RunPartialEnd extends RunEndBase {
  readonly outcome: 'partial';
  readonly response: string;
}

/** The Run was cancelled. Contract: no response. */
export interface RunCancelledEnd extends RunEndBase {
  readonly outcome: 'cancelled';
}

/**
 * The one event that ends a Run, discriminated by `outcome`. Contract:
 * exactly one per Run, always last, after the Run's resources are closed.
 */
export type RunEndEvent = RunCompletedEnd | RunFailedEnd | RunPartialEnd | RunCancelledEnd;

/** The event that ends a Run (the same as {@link RunEndEvent}). */
export type RunTerminalEvent = RunEndEvent;

/** Everything a Run streams. */
export type RunEvent =
  | AgentEvent
  | RunStartEvent
  | InterjectionDeliveredEvent
  | AgentStreamEvent
  | AssemblyEvent
  | RunTerminalEvent;

/** True for the event that ends a Run. */
export function isTerminalEvent(event: RunEvent): event is RunTerminalEvent {
  return event.type === 'run-end';
}
