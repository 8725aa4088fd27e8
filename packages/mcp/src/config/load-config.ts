import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { McpConfigError } from './mcp-config-error.ts';
import { type ParseEntryOptions, parseEntry } from './parse-entry.ts';
import { McpRegistry } from './registry.ts';
import type { McpServerEntry } from './server-entry.ts';

/** Where {@link loadMcpConfig} looks. */
export interface McpConfigPlaces {
  /** The project root: `<root>/.mcp.json`. */
  readonly root: string;
  /** The home directory: `<home>/.kodama/mcp.json`. */
  readonly home: string;
  /** Values for `${VAR}` expansion; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * What to do with the project's `.mcp.json`, which came with the folder and
   * is not trusted until the person says so: `expand` (trusted: `${VAR}`
   * expanded, the entries usable), `literal` (the entries as written, `${VAR}`
   * left alone: for showing what the file would do), `omit` (not read at
   * all). Default `literal`. The user's file is always expanded.
   */
  readonly project?: 'expand' | 'literal' | 'omit';
}

/** The project's MCP file: `<root>/.mcp.json` (the file Claude Code reads). */
export function projectMcpFile(root: string): string {
  return join(root, '.mcp.json');
}

/** The user's MCP file: `<home>/.kodama/mcp.json`. */
export function homeMcpFile(home: string): string {
  return join(home, '.kodama', 'mcp.json');
}

/**
 * Reads one `{"mcpServers": {...}}` file; a missing file has no entries.
 *
 * @throws McpConfigError naming the file and the problem (not JSON, wrong shape, a bad entry).
 */
export async function readMcpFile(
  path: string,
  env: NodeJS.ProcessEnv = process.env,
  options: ParseEntryOptions = {},
): Promise<McpServerEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new McpConfigError(`${path}: cannot read: ${(error as Error).message}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new McpConfigError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const servers = (value as { mcpServers?: unknown } | null)?.mcpServers;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || servers === undefined)
    throw new McpConfigError(`${path} must hold an object like {"mcpServers": {"<id>": {...}}}`);
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers))
    throw new McpConfigError(`${path}: "mcpServers" must be an object of servers by id`);
  const entries: McpServerEntry[] = [];
  for (const [id, raw] of Object.entries(servers)) {
    try {
      entries.push(parseEntry(id, raw, `mcpServers.${id}`, env, path, options));
    } catch (error) {
      if (!McpConfigError.isInstance(error)) throw error;
      throw new McpConfigError(`${path}: ${error.message}`);
    }
  }
  return entries;
}

/**
 * The registry of the project's `.mcp.json` (per `places.project`) and the
 * user's `~/.kodama/mcp.json`, project entries first.
 *
 * @throws McpConfigError for a bad file, or one id in both files (naming both).
 */
export async function loadMcpConfig(places: McpConfigPlaces): Promise<McpRegistry> {
  const env = places.env ?? process.env;
  const mode = places.project ?? 'literal';
  const projectFile = projectMcpFile(places.root);
  const project =
    mode === 'omit' ? [] : await readMcpFile(projectFile, env, { expand: mode === 'expand', project: true });
  const home = homeMcpFile(places.home);
  const user = home === projectFile ? [] : await readMcpFile(home, env);
  return new McpRegistry([...project, ...user]);
}
