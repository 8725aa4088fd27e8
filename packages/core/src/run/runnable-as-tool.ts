import type { AgentEvent } from '../events/events.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import { type AnyTool, defineTool } from '../tool/define-tool.ts';
import { params } from '../tool/parameters/params-builder.ts';
import type { ToolContext } from '../tool/tool.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';
import type { RunEvent } from './run-events.ts';
import type { Runnable, RunnableToolOptions } from './runnable.ts';

/** Options of {@link runnableAsTool}. */
export interface RunnableAsToolOptions extends RunnableToolOptions {
  /** What the tool exposes, for the trifecta report; default: assumed the worst (as `defineTool`). */
  readonly trifectaLegs?: TrifectaLegs;
}

/**
 * Any {@link Runnable} (an assembly, a durable wrapper) as a tool of an
 * agent: `task` in, the Run's final answer out. Each call is a Run under the
 * caller's cancellation and application context; every event of it reaches
 * the caller's listeners through their sub-agent views (as `<name> 0`,
 * `<name> 1`, ... and below), so the caller's Run streams them as
 * `agent-stream` events and counts their tokens exactly once. A failed Run
 * answers `Error: <name> failed: <reason>`; a cancelled or partial one
 * rethrows its error, stopping the caller too. Calls may run concurrently
 * (each Run is independent); `preserveContext` is left to the runnable.
 */
export function runnableAsTool(runnable: Runnable, options: RunnableAsToolOptions): AnyTool {
  const { name } = options;
  let calls = 0;
  const runOnce = async (task: string, ctx: ToolContext): Promise<string> => {
    const id = `${name} ${calls++}`;
    const views = ctx.subAgentListeners?.({ id });
    const stream = runnable.stream(task, {
      signal: ctx.signal,
      appContext: ctx.appContext,
      includeAgentEvents: views !== undefined,
    });
    const forward = views ? viewForwarder(views, id) : undefined;
    for await (const event of stream) forward?.(event);
    const run = await stream.run;
    if (run.completed) return run.response;
    if (run.cancelled || run.partial) throw run.error;
    return `Error: ${name} failed: ${run.error instanceof Error ? run.error.message : String(run.error)}`;
  };
  return defineTool({
    name,
    description: options.description,
    parameters: params().requiredString('task', 'The task, with everything it needs to know.').build(),
    ...(options.trifectaLegs ? { trifectaLegs: options.trifectaLegs } : {}),
    execute: ({ task }, ctx) => runOnce(task, ctx),
  });
}

const RUN_LEVEL = new Set(['run-start', 'run-end']);

/** Sends a nested Run's events to the caller's views: its own under `id`, nested ones under their path. */
function viewForwarder(views: ListenerList, id: string): (event: RunEvent) => void {
  const byPath = new Map<string, ListenerList>([['', views]]);
  const viewAt = (path: string): ListenerList => {
    let view = byPath.get(path);
    if (view) return view;
    const cut = path.lastIndexOf('/');
    view = viewAt(path.slice(0, cut)).forSubAgent({ id: path.slice(cut + 1) });
    byPath.set(path, view);
    return view;
  };
  return (event) => {
    if (event.type === 'agent-stream') {
      viewAt(event.source.path.replace(/\/$/, '')).emit(event.event);
      return;
    }
    if (RUN_LEVEL.has(event.type) || !('agentId' in event) || !('turnId' in event)) return;
    views.emit({ ...(event as AgentEvent), agentId: id });
  };
}
