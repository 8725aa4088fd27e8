import { type AnyTool, defineTool, type TrifectaLegs } from '@kodama/core';
import { z } from 'zod';

/** The name of the tool that connects an MCP server. */
export const MCP_CONNECT_TOOL = 'mcp_connect';

/**
 * The `mcp_connect(id)` tool: `connect` does the work and returns the
 * observation (an `Error: ...` text for an unknown id, a server already
 * connected, or one that failed screening).
 */
export function connectTool(
  connect: (id: string, signal: AbortSignal) => Promise<string>,
  legs: TrifectaLegs,
): AnyTool {
  return defineTool({
    name: MCP_CONNECT_TOOL,
    description:
      'Connects one of the MCP servers listed in <available_mcps> and adds its tools (named <id>__<tool>) ' +
      'for your next step.\nUsage:\n- Connect a server only when the task needs its tools.\n' +
      '- Each server is connected once; its tools stay for the rest of the conversation.',
    parameters: z.object({ id: z.string().describe('The server id from <available_mcps>') }),
    trifectaLegs: legs,
    sequential: true,
    execute: ({ id }, context) => connect(id, context.signal),
  }) as AnyTool;
}
