import type { AnyTool, ToolContext, ToolResult, TrifectaLegs } from '@kodama/core';
import { normalizeParametersSchema, TOOL_NAME_PATTERN } from '@kodama/core/tool';
import type { McpServerConnection } from '../client/server-connection.ts';
import { MCP_PROGRESS } from '../extension/mcp-events.ts';
import type { SurfaceTool } from '../screening/surface.ts';
import { resultContent } from './result-content.ts';

/** The separator between a server id and its tool's name: `github__create_issue`. */
export const TOOL_PREFIX_SEPARATOR = '__';

/** `<id>__<tool>`, with characters providers refuse replaced by `_` and cut to 64; `undefined` if nothing usable is left. */
export function prefixedToolName(serverId: string, toolName: string): string | undefined {
  const name = `${serverId}${TOOL_PREFIX_SEPARATOR}${toolName.replace(/[^a-zA-Z0-9_-]/g, '_')}`.slice(0, 64);
  return TOOL_NAME_PATTERN.test(name) ? name : undefined;
}

/**
 * An MCP server's tool as a kodama tool named `<id>__<tool>`. The schema the
 * model reads is the server's (normalized); arguments are checked only for
 * being an object, so the server, which owns the schema, judges them and its
 * error reaches the model. A call carries the turn's signal (cancel sends the
 * protocol's cancellation) and asks for progress, which resets its timeout
 * and is emitted as `MCP_PROGRESS`; a failure of the server becomes an `Error: `
 * observation.
 *
 * @throws TypeError when the server's schema does not describe an object.
 */
export function mcpTool(
  connection: McpServerConnection,
  tool: SurfaceTool,
  name: string,
  legs: TrifectaLegs,
): AnyTool {
  const jsonSchema = normalizeParametersSchema({ type: 'object', ...tool.inputSchema });
  const serverId = connection.entry.id;
  return Object.freeze({
    name,
    description: tool.description ?? tool.title ?? `${tool.name} (from the MCP server ${serverId})`,
    parameters: Object.freeze({
      jsonSchema,
      validate: (input: unknown) =>
        typeof input === 'object' && input !== null && !Array.isArray(input)
          ? { ok: true as const, value: { ...(input as Record<string, unknown>) } }
          : { ok: false as const, problems: ['$ must be an object'] },
    }),
    trifectaLegs: legs,
    sequential: false,
    async execute(args: unknown, context: ToolContext): Promise<ToolResult> {
      try {
        const result = await connection.call(
          tool.name,
          args as Record<string, unknown>,
          context.signal,
          (p) => context.emit(MCP_PROGRESS, { id: serverId, tool: name, ...p }),
        );
        return resultContent(result);
      } catch (error) {
        if (context.signal.aborted) throw error;
        return `Error: ${error instanceof Error ? error.message : String(error)}`;
      }
    },
  });
}
