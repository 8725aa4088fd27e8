import { type AnyTool, defineTool, NONE } from '@kodama/core';

/** The tool's name, as the model calls it. */
export const HANDOFF_TOOL = 'handoff_to_agent';

/** A handoff the active member asked for. */
export interface Handoff {
  readonly to: string;
  readonly message: string;
  readonly context: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The handoff tool of the active member: `agent` (one of its allowed
 * targets), `message` for the next member, optional `context`. Calling it
 * records the handoff and stops the member's Run (through `stop`): its turn
 * ends there, the next member takes over.
 */
export function handoffTool(targets: readonly string[], record: (h: Handoff) => void): AnyTool {
  return defineTool({
    name: HANDOFF_TOOL,
    description: `Hand the conversation to another agent when it is better placed to continue. Allowed: ${targets.join(', ')}.`,
    parameters: {
      type: 'object',
      properties: {
        agent: { type: 'string', enum: [...targets], description: 'Who takes over.' },
        message: { type: 'string', description: 'What they need to know and do.' },
        context: { type: 'object', description: 'Facts to pass on, as JSON.' },
      },
      required: ['agent', 'message'],
      additionalProperties: false,
    },
    trifectaLegs: NONE,
    sequential: true,
    execute: (args) => {
      const { agent, message, context } = args as {
        agent: string;
        message: string;
        context?: Record<string, unknown>;
      };
      if (!targets.includes(agent)) return `Error: you may hand off only to ${targets.join(', ')}`;
      record({ to: agent, message, context });
      return `Handed off to ${agent}.`;
    },
  });
}
