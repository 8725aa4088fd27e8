import { homedir } from 'node:os';
import type { McpExtension, McpServerEntry } from '@kodama/mcp';
import type { Confirmer } from '@kodama/workspace';
import type { CliIO } from './cli-io.ts';
import { UsageError } from './parse-support.ts';
import { shown } from './project-config-plan.ts';
import type { AgentSpec } from './resolve-spec.ts';

/** What of the spec MCP reads: the root, whether its `.mcp.json` is trusted (read, `${VAR}` expanded), `--yes`, `--mcp-connect`, `--no-mcp-screen`. */
export type McpSpec = Pick<AgentSpec, 'root' | 'trusted' | 'yes' | 'mcpConnect' | 'mcpScreen'>;

/** Who approves starting a project's server, and where notes go. */
export interface McpAsking {
  /** Who is asked before a server the project defines starts at the model's `mcp_connect`; default the terminal. */
  readonly confirmer?: Confirmer;
  /** Say on stderr why a start was refused with no terminal (the assistant's confirmer says so itself). */
  readonly explain: boolean;
  /** Where the one-time notes go (what kodama assumes of a server with no declared legs); none on the assistant's screen. */
  readonly notice?: (text: string) => void;
}

/**
 * The MCP extension of `kodama ask` (and of the map `kodama trifecta` draws):
 * the servers of `~/.kodama/mcp.json` (`$HOME` from the command's
 * environment) and, once the folder is trusted, of `<root>/.mcp.json`;
 * `--mcp-connect` ids connected before the first model request (the user's own
 * choice), `--no-mcp-screen` turning the LLM pass off. Servers are told the
 * workspace root as their one MCP root (`roots/list`). A project server the
 * model asks for with `mcp_connect` starts only once the person approves it,
 * as a shell command (`--yes` approves; with no terminal it is refused).
 * `undefined` (and `@kodama/mcp` not loaded) when no server is configured.
 *
 * @throws McpConfigError for a bad file; UsageError for an unknown `--mcp-connect` id.
 */
export async function planMcp(
  spec: McpSpec,
  io: CliIO,
  asking: McpAsking,
): Promise<McpExtension | undefined> {
  const { root, trusted } = spec;
  const home = io.env.HOME || homedir();
  const { existsSync } = await import('node:fs');
  const { join, resolve } = await import('node:path');
  const projectFile = join(root, '.mcp.json');
  const anyFile = existsSync(projectFile) || existsSync(join(home, '.kodama', 'mcp.json'));
  if (!anyFile && spec.mcpConnect.length === 0) return undefined;
  const { loadMcpConfig, McpExtension } = await import('@kodama/mcp');
  const registry = await loadMcpConfig({
    root,
    home,
    env: io.env,
    project: trusted ? 'expand' : 'omit',
  });
  const unknown = spec.mcpConnect.find((id) => !registry.get(id));
  if (unknown !== undefined) {
    const untrusted =
      !trusted &&
      existsSync(projectFile) &&
      (await loadMcpConfig({ root, home, env: io.env, project: 'literal' }).catch(() => undefined))?.get(
        unknown,
      );
    throw new UsageError(
      untrusted
        ? `--mcp-connect ${unknown}: that server comes from this folder's .mcp.json, which is not trusted; trust it with kodama trust, or run with --trust`
        : `--mcp-connect ${unknown}: no MCP server has that id. Known: ${registry.ids.join(', ') || 'none (see kodama mcp add)'}`,
      'ask',
    );
  }
  if (registry.isEmpty) return undefined;
  return new McpExtension({
    registry,
    llmScreening: spec.mcpScreen,
    env: io.env,
    connectAtStart: spec.mcpConnect,
    // Servers that ask (roots/list) are told the workspace root, and only it.
    roots: [resolve(root)],
    confirmConnect: (entry, signal) =>
      entry.source !== projectFile || spec.yes ? true : confirmProjectStart(entry, asking, io, signal),
    ...(asking.notice ? { notice: asking.notice } : {}),
  });
}

/** Asks before a server the project defines starts; with no terminal, says why it did not and how to allow it. */
async function confirmProjectStart(
  entry: McpServerEntry,
  asking: McpAsking,
  io: CliIO,
  signal: AbortSignal,
): Promise<boolean> {
  const detail = entry.transport === 'stdio' ? [entry.command, ...entry.args].join(' ') : entry.url;
  const { terminalConfirmer } = await import('@kodama/workspace');
  const confirmer = asking.confirmer ?? terminalConfirmer({ input: io.stdin, output: io.stderr });
  const approved = await confirmer.confirm(
    {
      tool: 'mcp_connect',
      title: `start the MCP server "${entry.id}" that this folder's .mcp.json defines?`,
      detail: shown(detail, 1000),
      warnings: [],
    },
    signal,
  );
  if (!approved && asking.explain && io.stdin.isTTY !== true)
    io.stderr.write(
      `kodama: MCP server "${entry.id}" (from .mcp.json) was not started: starting a server the project defines needs approval and stdin is not a terminal; run with --yes, or connect it at the start with --mcp-connect ${entry.id}\n`,
    );
  return approved;
}
