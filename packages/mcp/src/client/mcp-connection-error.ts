import { KodamaError } from '@kodama/core';

/**
 * An MCP server could not be reached or used: its process did not start or
 * exited during the handshake, its URL did not answer, it crashed too often.
 * The message names the server and, for a process, the end of its stderr.
 */
export class McpConnectionError extends KodamaError {}
