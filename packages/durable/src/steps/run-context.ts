import { AsyncLocalStorage } from 'node:async_hooks';
import type { IdKind } from '@kodama/core/ids';
import type { ApprovalPolicy } from '../approval/approval-policy.ts';

/**
 * What the durable seams know about the durable run executing in this async
 * context. The workflow body enters it; the step runner, the id source and
 * the event writer read it.
 */
export interface DurableRunContext {
  /** The durable run id (the DBOS workflow id). */
  readonly runId: string;
  /** Per-kind counters of {@link durableIds}. */
  readonly counters: Record<IdKind, number>;
  /** Model steps that crossed the durable step runner (a check that the agent was built with it). */
  modelSteps: number;
  /** Cancels the core Run executing the durable run (set once it exists). */
  cancel: (reason: unknown) => void;
  /** Called when another worker took the run over: stop writing, stop working. */
  abandon: () => void;
  /** Records a `domain` event of the durable layer in the run's event log (approvals). */
  note: (name: string, data: unknown) => void;
  /** Which tool calls wait for a person's answer before they run. */
  readonly approval: ApprovalPolicy | undefined;
  /** Gated calls wait one after another (a deterministic order of durable waits). */
  approvals: Promise<unknown>;
}

/** The current durable run, when code runs inside one. */
export const runContext = new AsyncLocalStorage<DurableRunContext>();

/** Set while a step's own work runs: events emitted there are volatile (a replay does not emit them). */
export const insideStep = new AsyncLocalStorage<true>();
