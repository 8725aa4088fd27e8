import { defineEvent } from '@kodama/core';

/** A server connected: its screened tools (`<id>__<tool>`) are on the agent from the next model request. */
export interface McpConnected {
  readonly id: string;
  readonly tools: readonly string[];
}

/** A server could not be connected (it did not start, or its tools failed screening). */
export interface McpConnectFailed {
  readonly id: string;
  /** Why, with every `${VAR}` value from the configuration hidden. */
  readonly error: string;
}

/** A connected server's refreshed tool list failed screening: its tools were withdrawn and it was closed. */
export interface McpRefused {
  readonly id: string;
  readonly error: string;
}

/** A running MCP tool call reported progress (each report also resets the call's timeout). */
export interface McpProgress {
  /** The server's id. */
  readonly id: string;
  /** The kodama name of the tool (`<id>__<tool>`). */
  readonly tool: string;
  readonly progress: number;
  readonly total?: number;
  /** The server's message, cut to 500 characters; never sent to the model. */
  readonly message?: string;
}

/** Emitted through the tool's context while an MCP tool call reports progress. */
export const MCP_PROGRESS = defineEvent<McpProgress>('mcp.progress');
/** Emitted by `McpExtension` when a server connects; match with `isEvent(event, MCP_CONNECTED)`. */
export const MCP_CONNECTED = defineEvent<McpConnected>('mcp.connected');
/** Emitted by `McpExtension` when connecting a server fails. */
export const MCP_CONNECT_FAILED = defineEvent<McpConnectFailed>('mcp.connect-failed');
/** Emitted by `McpExtension` when a server's changed tool list is refused. */
export const MCP_REFUSED = defineEvent<McpRefused>('mcp.refused');
