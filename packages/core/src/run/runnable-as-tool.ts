import { type AnyTool, defineTool } from '../tool/define-tool.ts';
import { params } from '../tool/parameters/params-builder.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';
import { runChild } from './run-child.ts';
import type { Runnable, RunnableToolOptions } from './runnable.ts';

/** Options of {@link runnableAsTool}. */
export interface RunnableAsToolOptions extends RunnableToolOptions {
  /** What the tool exposes, for the trifecta report; default: assumed the worst (as `defineTool`). */
  readonly trifectaLegs?: TrifectaLegs;
}

/**
 * Any {@link Runnable} (an assembly, a durable wrapper) as a tool of an
 * agent: `task` in, the Run's final answer out. Each call is a child Run
 * (`runChild`, the one nesting path) under the caller's cancellation and
 * application context; its events reach the caller's listeners through their
 * sub-agent views (as `<name> 0`, `<name> 1`, ... and below), so the
 * caller's Run streams them as `agent-stream` events and counts their tokens
 * exactly once. A failed Run answers `Error: <name> failed: <reason>` (a
 * typed tool failure); a cancelled or partial one rethrows its error,
 * stopping the caller too. Calls may run concurrently (each Run is
 * independent); `preserveContext` is left to the runnable.
 */
export function runnableAsTool(runnable: Runnable, options: RunnableAsToolOptions): AnyTool {
  const { name } = options;
  let calls = 0;
  return defineTool({
    name,
    description: options.description,
    parameters: params().requiredString('task', 'The task, with everything it needs to know.').build(),
    ...(options.trifectaLegs ? { trifectaLegs: options.trifectaLegs } : {}),
    execute: ({ task }, ctx) => runChild(ctx, runnable, task, { id: `${name} ${calls++}`, name }),
  });
}
