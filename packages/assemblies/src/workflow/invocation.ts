import type { Content, History, Runnable } from '@kodama/core';
import type { StepPolicy } from '../steps/retry-policy.ts';

/** Options of `wf.invoke`: what the child gets (inherited from the workflow when absent) and how it runs. */
export interface InvokeOptions extends StepPolicy {
  /** Its input; default the workflow's input. */
  readonly input?: Content;
  /** Its conversation; default the workflow's (the session's or the `history` option's). */
  readonly history?: History;
  /** Its JSON context; default the workflow's (deep-copied; non-JSON is refused). */
  readonly context?: unknown;
  /** Its name in events and the trajectory; default the participant's id, else `step`. */
  readonly name?: string;
}

/**
 * A lazy call of a participant: nothing runs until `output()` is awaited
 * (an intermediate step) or the workflow returns it (the final step).
 */
export interface Invocation {
  /** Who runs. */
  readonly participant: Runnable;
  /** The name it runs under. */
  readonly name: string;
  /** True once `output()` was called: it can no longer be the final step. */
  readonly consumed: boolean;
  /** Runs it as an intermediate step (once; later calls share the result) and resolves with its answer. */
  output(): Promise<string>;
}
