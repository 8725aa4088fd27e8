import { type AnyTool, type ContentPart, ToolError, type ToolResult } from '@kodama/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { type ElicitConfirm, refuseRemote } from './elicit-confirm.ts';
import { type ResourceSource, serveResources } from './resources.ts';
import { CallNotices, SessionLog } from './server-notices.ts';
import { listedTool } from './tool-listing.ts';

/** Options of {@link createToolServer}. */
export interface ToolServerOptions {
  /** The server name in the handshake; default `kodama`. */
  readonly name?: string;
  readonly version?: string;
  /** The handshake's instructions. */
  readonly instructions?: string;
  /**
   * Answers the confirmations the tools ask for, from the policy chosen at
   * start-up; default: every one refused. The client is never asked (an
   * elicitation would let the caller approve its own call).
   */
  readonly confirm?: ElicitConfirm;
  /** Read-only resources to offer (`resources/list`, `resources/read`); default none. */
  readonly resources?: ResourceSource;
}

/** The tools one server session exposes, built with the server's confirmation policy. */
export type ToolsForSession = (confirm: ElicitConfirm) => Promise<readonly AnyTool[]> | readonly AnyTool[];

function blocks(result: ToolResult): CallToolResult['content'] {
  const parts: readonly ContentPart[] =
    typeof result === 'string' ? [{ type: 'text', text: result }] : result;
  return parts.map((p) =>
    p.type === 'text'
      ? { type: 'text', text: p.text }
      : { type: 'image', data: p.data, mimeType: p.mediaType },
  );
}

function isErrorText(result: ToolResult): boolean {
  const first = typeof result === 'string' ? result : result[0]?.type === 'text' ? result[0].text : '';
  return first.startsWith('Error:');
}

/**
 * An MCP server (the SDK's `Server`) exposing kodama tools: `tools/list`
 * serves each tool's name, title, description, JSON Schema (with the
 * `$schema` it declared) and annotations derived from its declared effects
 * and legs; `tools/call` validates the arguments as the agent loop does,
 * runs the tool with the request's abort signal, and answers `Error: ...`
 * results, `ToolError`s, invalid arguments and failures with `isError`. An
 * unknown tool is a protocol error, JSON-RPC `-32602` (as the spec says).
 * What a tool emits (`context.emit`) becomes `notifications/progress` when
 * the request carried a `progressToken`; the server has the `logging`
 * capability (`logging/setLevel`, then a `notifications/message` per call
 * and per failure at or above that level). A confirmation a tool needs is
 * answered by `options.confirm` (default: refused), never by the client.
 * Connect it to a transport (`StdioServerTransport`, or see {@link serveHttp}).
 */
export async function createToolServer(
  tools: ToolsForSession,
  options: ToolServerOptions = {},
): Promise<Server> {
  const server = new Server(
    { name: options.name ?? 'kodama', version: options.version ?? '0.1.0' },
    {
      capabilities: { tools: {}, logging: {}, ...(options.resources ? { resources: {} } : {}) },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const list = await tools(options.confirm ?? refuseRemote);
  const byName = new Map(list.map((t) => [t.name, t]));
  const log = new SessionLog(server);
  if (options.resources) serveResources(server, options.resources);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: list.map(listedTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    const fail = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool "${request.params.name}"; tools: ${[...byName.keys()].join(', ')}`,
      );
    const notices = new CallNotices(tool.name, extra, log);
    const checked = tool.parameters.validate(request.params.arguments ?? {});
    if (!checked.ok) return fail(`Error: invalid arguments for ${tool.name}: ${checked.problems.join('; ')}`);
    const id = String(extra.requestId);
    await notices.log('info', `${tool.name}: called`);
    try {
      const result = await tool.execute(checked.value, {
        signal: extra.signal,
        agentId: '',
        toolCallId: id,
        idempotencyKey: `${extra.sessionId ?? 'mcp'}:${id}`,
        emit: (name, data) => notices.progress(name, data),
      });
      if (isErrorText(result)) await notices.log('warning', `${tool.name}: answered with an error`);
      return { content: blocks(result), ...(isErrorText(result) ? { isError: true } : {}) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await notices.log('error', `${tool.name}: ${message}`);
      if (ToolError.isInstance(error)) return fail(`Error: ${error.message}`);
      return fail(`Error: ${tool.name} failed: ${message}`);
    }
  });
  return server;
}
