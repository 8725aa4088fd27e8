/**
 * The events of an assembly's Run (a workflow, a swarm, a graph): its steps
 * and the moves between them. Every one carries `runId`, the assembly's id
 * and kind, and `path`: where the assembly sits ('' for the Run's own,
 * `/research` for an assembly that is a participant of it).
 */
import type { RunUsage } from './run-usage.ts';

/**
 * What kind of assembly emitted an event. A plain string here: core does not
 * know the assemblies; the package that defines them names its kinds
 * (`@kodama/assemblies` exports its own `AssemblyKinds`).
 */
export type AssemblyKind = string;

/** Fields every assembly event carries. */
interface AssemblyEventBase {
  readonly runId: string;
  readonly assemblyId: string;
  readonly assemblyKind: AssemblyKind;
  readonly path: string;
}

/**
 * A participant began a step. Contract: every step has exactly one
 * `assembly-step-start` and, later, one `assembly-step-end` with the same
 * `stepId`; `branch` names the graph branch it runs on.
 */
export interface AssemblyStepStartEvent extends AssemblyEventBase {
  readonly type: 'assembly-step-start';
  readonly stepId: string;
  readonly participant: string;
  readonly branch?: string;
  readonly at: number;
}

/**
 * A step ended. Contract: `status` is how (after every retry); `usage` is
 * what its attempts spent (already in the Run's usage, not to be added
 * again); `errorType` names the failure's class, never its message.
 */
export interface AssemblyStepEndEvent extends AssemblyEventBase {
  readonly type: 'assembly-step-end';
  readonly stepId: string;
  readonly participant: string;
  readonly status: 'completed' | 'failed' | 'cancelled';
  readonly attempts: number;
  readonly usage: RunUsage;
  readonly errorType?: string;
  readonly branch?: string;
  readonly at: number;
}

/** An attempt of a step failed and will be retried after `delayMs`. */
export interface AssemblyStepRetryEvent extends AssemblyEventBase {
  readonly type: 'assembly-step-retry';
  readonly stepId: string;
  readonly participant: string;
  /** The attempt that failed, from 1. */
  readonly attempt: number;
  readonly errorType: string;
  readonly delayMs: number;
}

/**
 * Control moved: from one participant to others (a graph edge, a fan-out
 * when `to` has several, a fan-in when it follows several `from`s; a swarm
 * handoff; a workflow's next invocation). Contract: `errorType` is set when
 * an error edge carried it; `step` counts transitions from 1.
 */
export interface AssemblyTransitionEvent extends AssemblyEventBase {
  readonly type: 'assembly-transition';
  readonly step: number;
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly errorType?: string;
}

/**
 * A swarm stopped a handoff that would repeat too often (or exceed the step
 * limit). Contract: emitted just before the Run fails with the limit's error.
 */
export interface AssemblyHandoffLoopEvent extends AssemblyEventBase {
  readonly type: 'assembly-handoff-loop';
  readonly from: string;
  readonly to: string;
  /** How many times this handoff had happened. */
  readonly count: number;
}

/** Every assembly event. */
export type AssemblyEvent =
  | AssemblyStepStartEvent
  | AssemblyStepEndEvent
  | AssemblyStepRetryEvent
  | AssemblyTransitionEvent
  | AssemblyHandoffLoopEvent;
