import type { AskOptions, Content, Listener, Run } from '@kodama/core';

/**
 * What runs durably: an `Agent`, or any runnable that makes a core Run the
 * same way (an assembly). It must be built with the durable seams
 * (`durableAgentOptions`: the step runner and the id source) so its model
 * calls and tool executions are checkpointed; a run checks that and fails
 * with a clear error when they are missing.
 */
export interface DurableTarget {
  readonly id: string;
  createRun(input: Content | undefined, options?: AskOptions): Run;
  /** When present, the run checks that turn ids come from `durableIds`. */
  subscribe?(listener: Listener): () => void;
  /** Called after the run when the target came from a function (each run's own agent). */
  close?(): Promise<void>;
}

/**
 * An agent, or a function making one. A function is called once per run
 * (every run gets a fresh agent: runs of one worker then execute
 * concurrently); a single agent serves its runs one after another.
 */
export type DurableTargetSource = DurableTarget | (() => DurableTarget | Promise<DurableTarget>);
