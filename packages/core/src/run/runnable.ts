import type { Content } from '../messages/content.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { Run, RunStream } from './run.ts';
import type { AskOptions } from './run-options.ts';

/** Options of `asTool` on any {@link Runnable} (the same as an agent's `AsToolOptions`). */
export interface RunnableToolOptions {
  /** The tool's name (what the calling model calls), e.g. `research`. */
  readonly name: string;
  /** What it does and when to call it, for the calling model. */
  readonly description: string;
  /** Keep the conversation between calls (an agent); default false. Assemblies start fresh on every call. */
  readonly preserveContext?: boolean;
}

/**
 * Anything asked the way an agent is: an `Agent`, a workflow, a swarm, a
 * graph, a durable wrapper. Each call makes one {@link Run} with the same
 * outcomes, events, deadline, cancellation, usage and session handling, so a
 * runnable can be the entry point of a Run, a participant of an assembly and
 * a tool of an agent.
 *
 * Contract: `createRun` checks the options and returns a dormant Run (it
 * throws `InvalidOptionError` before any exists); `ask` executes it and
 * resolves with it whatever the outcome (it rejects only for bad options);
 * `stream` starts it streaming. `id` names it in events and step records.
 */
export interface Runnable {
  /** Its name in events, paths and step records ('' for a main agent). */
  readonly id: string;
  /** A dormant Run of `input`. */
  createRun(input: Content | undefined, options?: AskOptions): Run;
  /** Asks once; resolves with the finished Run. */
  ask(input: Content | undefined, options?: AskOptions): Promise<Run>;
  /** Asks once, streaming the Run's events; `await stream.run` gives the finished Run. */
  stream(input: Content | undefined, options?: AskOptions): RunStream;
  /** It as a tool of an agent: a task in, its final answer out. */
  asTool(options: RunnableToolOptions): AnyTool;
}

/** True for a value that can be asked like an agent (an Agent, an assembly). */
export function isRunnable(value: unknown): value is Runnable {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.createRun === 'function' &&
    typeof v.ask === 'function' &&
    typeof v.stream === 'function' &&
    typeof v.asTool === 'function'
  );
}
