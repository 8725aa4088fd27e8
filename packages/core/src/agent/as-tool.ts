import type { Listener } from '../listeners/listener.ts';
import type { Content } from '../messages/content.ts';
import type { Run } from '../run/run.ts';
import { runChild } from '../run/run-child.ts';
import type { AskOptions } from '../run/run-options.ts';
import { type AnyTool, defineTool } from '../tool/define-tool.ts';
import { params } from '../tool/parameters/params-builder.ts';
import type { ToolContext } from '../tool/tool.ts';
import type { ToolFailure } from '../tool/tool-failure.ts';
import { relabelInbound } from '../trifecta/lattice.ts';
import type { TrifectaReport } from '../trifecta/report.ts';

/** Options of `agent.asTool`. */
export interface AsToolOptions {
  /** The tool's name (what the calling model calls), e.g. `translator`. */
  readonly name: string;
  /** What the agent does and when to call it, for the calling model. */
  readonly description: string;
  /** Keep the agent's conversation between calls; default false (each call starts fresh). */
  readonly preserveContext?: boolean;
}

/** What `asTool` needs of the agent it wraps (the `Agent` class has it all). */
export interface ToolableAgent {
  readonly id: string;
  ask(input: Content, options: AskOptions): Promise<Run>;
  /** No longer called (the child Run's observer carries the events); kept so existing implementations still fit. */
  subscribe?(listener: Listener): () => void;
  clearConversation(): void;
  trifecta(): TrifectaReport;
}

/**
 * An agent as a tool of another: `task` in, the agent's final answer out.
 * Each call is a child Run of the wrapped agent (`runChild`, the one nesting
 * path) under the caller's cancellation and application context; its events
 * reach the caller's listeners through their sub-agent views (as `<name> 0`,
 * `<name> 1`, ...), so the caller's Run streams them as `agent-stream`
 * events and counts their usage once. Calls run one at a time (the agent
 * holds one conversation). A failed Run answers `Error: <name> failed:
 * <reason>` (a typed tool failure); a cancelled one rethrows. Its trifecta
 * legs are the agent's, relabelled at the boundary like a sub-agent's.
 */
export function agentAsTool(agent: ToolableAgent, options: AsToolOptions): AnyTool {
  const { name, preserveContext = false } = options;
  let calls = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const runOnce = (task: string, ctx: ToolContext): Promise<string | ToolFailure> => {
    const id = `${name} ${calls++}`;
    if (!preserveContext) agent.clearConversation();
    return runChild(ctx, agent, task, { id, name });
  };
  return defineTool({
    name,
    description: options.description,
    parameters: params().requiredString('task', 'The task, with everything the agent needs to know.').build(),
    trifectaLegs: relabelInbound(agent.trifecta().legs),
    execute: ({ task }, ctx) => {
      const result = queue.then(() => runOnce(task, ctx));
      queue = result.catch(() => {});
      return result;
    },
  });
}
