import { CancelledError } from '../controls/cancellable.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { Content } from '../messages/content.ts';
import type { ToolContext } from '../tool/tool.ts';
import { type ToolFailure, toolFailure } from '../tool/tool-failure.ts';
import { childForwarder } from './child-events.ts';
import { linkedSignal } from './linked-signal.ts';
import type { Run } from './run.ts';
import type { AskOptions } from './run-options.ts';

export { CHILD_RUN_END, CHILD_RUN_START } from './child-events.ts';

/** What a child Run is asked of: an `Agent`, an assembly, a durable wrapper, any `Runnable`. */
export interface ChildRunnable {
  ask(input: Content | undefined, options: AskOptions): Promise<Run>;
}

/** What {@link runChild} needs of the tool call that starts the child. */
export type ChildRunContext = Pick<ToolContext, 'signal' | 'appContext' | 'subAgentListeners'>;

/** Options of {@link runChild}. */
export interface RunChildOptions {
  /** The child's id in the parent's tree (`researcher 0`): its events' `agentId` and path segment. */
  readonly id: string;
  /** Who failed, in the failure the parent's model reads: `Error: <name> failed: <reason>`. */
  readonly name: string;
  /** The child's step budget, told to the parent's listeners when their views are made. */
  readonly maxSteps?: number;
  /** The parent's listener views, when the caller made them already; default `ctx.subAgentListeners`. */
  readonly listeners?: ListenerList;
}

/**
 * The one nesting path: runs `task` as a child Run of `child` inside a tool
 * call. The child Run follows the parent's signal (cancel and deadline reach
 * it through one linked signal) and gets its application context; its
 * events reach the parent's listener views (`childForwarder`), which is
 * where the parent's Run streams them as `agent-stream` events with the
 * child's path and counts their tokens, once (the child's own `run.usage`
 * is never added again). The outcome maps the same way for every route:
 * completed → the response; failed → a typed {@link ToolFailure} the model
 * reads as `Error: <name> failed: <reason>`; cancelled or partial (or any
 * end once the parent's signal fired) → the child's error is thrown, so the
 * parent stops too.
 */
export async function runChild(
  ctx: ChildRunContext,
  child: ChildRunnable,
  task: Content,
  options: RunChildOptions,
): Promise<string | ToolFailure> {
  const { id, name, maxSteps } = options;
  const views =
    options.listeners ?? ctx.subAgentListeners?.(maxSteps === undefined ? { id } : { id, maxSteps });
  const link = linkedSignal(ctx.signal);
  try {
    const run = await child.ask(task, {
      signal: link.signal,
      ...(ctx.appContext === undefined ? {} : { appContext: ctx.appContext }),
      ...(views ? { observers: [childForwarder(views, id)] } : {}),
    });
    return childAnswer(run, name, ctx.signal);
  } finally {
    link.dispose();
  }
}

/** A finished child Run as the parent's tool result (see {@link runChild}). */
export function childAnswer(run: Run, name: string, parent?: AbortSignal): string | ToolFailure {
  if (run.completed) return run.response;
  const stopped = run.cancelled || run.partial || CancelledError.isInstance(run.error);
  if (stopped || parent?.aborted) throw run.error;
  const reason = run.error instanceof Error ? run.error.message : String(run.error);
  return toolFailure(`${name} failed: ${reason}`);
}
