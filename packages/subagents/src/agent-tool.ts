import {
  type AnyTool,
  isToolFailure,
  NONE,
  params,
  type ToolContext,
  ToolError,
  type ToolFailure,
  type TrifectaLegs,
} from '@kodama/core';
import {
  type ChannelEgress,
  capEgress,
  combineLegs,
  relabelInbound,
  type TrifectaNode,
  trifectaReport,
} from '@kodama/core/trifecta';
import { AGENT_TOOL } from './tool-name.ts';

/** What the `agent` tool calls back into. */
export interface AgentToolHost {
  /** Runs `task` on a fresh sub-agent of persona `name`; resolves with its answer, or a typed failure (`Error: ...` to the model). */
  run(name: string, task: string, context: ToolContext): Promise<string | ToolFailure>;
  /** Starts `task` without waiting; resolves with what the model reads now (its answer comes later as a message). */
  start(name: string, task: string, context: ToolContext): string | ToolFailure;
  /** The persona nodes, for the tool's own legs. */
  legs(): readonly TrifectaNode[];
  readonly channel: ChannelEgress;
}

const DESCRIPTION = `Starts a sub-agent of the named persona on one task and returns its final answer.
Usage:
- The sub-agent sees only the task: include the goal, the context and what to return.
- Independent tasks can go to several sub-agents in one response; they run at the same time.
- The personas are listed in <available_agents>.
- background: true returns at once; the answer arrives later as a <background-agent> message (a few at most at once).`;

/**
 * The `agent` tool: `name` (one of `personaNames`, an enum in its schema) and
 * `task`. Its trifecta legs are what its personas bring back across the
 * boundary (each persona's subtree demoted by `relabelInbound` and squeezed
 * through the channel), read when asked, because the personas' tools are
 * resolved only once the agent is built. They are what the runtime taint gate
 * reads: an answer from a web researcher taints the conversation.
 */
export function agentTool(personaNames: readonly string[], host: AgentToolHost): AnyTool {
  const names = personaNames as readonly [string, ...string[]];
  const parameters = params()
    .requiredEnum('name', names, 'The persona to start.')
    .requiredString('task', 'The complete task for the sub-agent.')
    .optionalBoolean(
      'background',
      'Run it without waiting: the call returns at once and the answer arrives as a message when it finishes',
    )
    .build();
  return {
    name: AGENT_TOOL,
    description: DESCRIPTION,
    parameters,
    sequential: false,
    get trifectaLegs(): TrifectaLegs {
      return host
        .legs()
        .map((node) => capEgress(relabelInbound(trifectaReport(node).legs), host.channel))
        .reduce(combineLegs, NONE);
    },
    execute: async (args: unknown, context: ToolContext) => {
      const { name, task, background } = args as { name: string; task: string; background?: boolean };
      const answer =
        background === true ? host.start(name, task, context) : await host.run(name, task, context);
      // The typed failure, thrown as the ToolError it stands for (as defineTool's tools do).
      if (isToolFailure(answer)) throw new ToolError(answer.message);
      return answer;
    },
  };
}
