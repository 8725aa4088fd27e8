import { KodamaError } from '@kodama/core';

/**
 * An MCP configuration kodama cannot use: a file that is not JSON or not in
 * the `{"mcpServers": {...}}` shape, an entry with a bad field, two entries
 * with one id, an undefined `${VAR}`. The message names the file (or entry)
 * and the problem; nothing is started.
 */
export class McpConfigError extends KodamaError {}
