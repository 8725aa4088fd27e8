/** One line of the `<available_mcps>` block. */
export interface AvailableMcp {
  readonly id: string;
  readonly description: string;
}

/** The system-prompt block that lists the MCP servers `mcp_connect` can start. */
export function availableMcpsBlock(servers: readonly AvailableMcp[]): string {
  return [
    '<available_mcps>',
    'MCP servers you can connect to with the mcp_connect tool (id). Connecting adds the',
    "server's tools, named <id>__<tool>, from your next step on. Connect only when a task needs one.",
    ...servers.map((s) => `- ${s.id}: ${s.description}`),
    '</available_mcps>',
  ].join('\n');
}
