import { homedir } from 'node:os';
import type { Extension } from '@kodama/core';
import type { CliIO } from './cli-io.ts';
import { type ToolChoice, UsageError } from './parse-support.ts';

/**
 * The MCP extension of `kodama ask` (and of the map `kodama trifecta` draws):
 * the servers of `<root>/.mcp.json` and `~/.kodama/mcp.json` (`$HOME` from
 * the command's environment), `--mcp-connect` ids connected before the first
 * model request, `--no-mcp-screen` turning the LLM pass off. `undefined`
 * (and `@kodama/mcp` not loaded) when no server is configured.
 *
 * @throws McpConfigError for a bad file; UsageError for an unknown `--mcp-connect` id.
 */
export async function planMcp(choice: ToolChoice, root: string, io: CliIO): Promise<Extension | undefined> {
  const home = io.env.HOME || homedir();
  const { existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  const anyFile = existsSync(join(root, '.mcp.json')) || existsSync(join(home, '.kodama', 'mcp.json'));
  if (!anyFile && choice.mcpConnect.length === 0) return undefined;
  const { loadMcpConfig, McpExtension } = await import('@kodama/mcp');
  const registry = await loadMcpConfig({ root, home, env: io.env });
  const unknown = choice.mcpConnect.find((id) => !registry.get(id));
  if (unknown !== undefined) {
    throw new UsageError(
      `--mcp-connect ${unknown}: no MCP server has that id. Known: ${registry.ids.join(', ') || 'none (see kodama mcp add)'}`,
      'ask',
    );
  }
  if (registry.isEmpty) return undefined;
  return new McpExtension({
    registry,
    llmScreening: choice.mcpScreen,
    env: io.env,
    connectAtStart: choice.mcpConnect,
  });
}
