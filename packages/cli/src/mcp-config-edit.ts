import { readFile, writeFile } from 'node:fs/promises';

type McpFile = { mcpServers: Record<string, unknown> } & Record<string, unknown>;

async function readProjectFile(path: string): Promise<McpFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { mcpServers: {} };
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${path} is not valid JSON (${(error as Error).message}); fix it by hand, nothing was changed`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${path} must hold a JSON object; nothing was changed`);
  const servers = (value as { mcpServers?: unknown }).mcpServers ?? {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers))
    throw new Error(`${path}: "mcpServers" must be an object; nothing was changed`);
  return { ...(value as Record<string, unknown>), mcpServers: { ...(servers as Record<string, unknown>) } };
}

/**
 * Adds server `id` to the project file (other keys and servers kept as they are).
 *
 * @throws Error when the id is taken or the file is not an MCP file; the file is then untouched.
 */
export async function addServer(path: string, id: string, entry: Record<string, unknown>): Promise<void> {
  const file = await readProjectFile(path);
  if (id in file.mcpServers)
    throw new Error(`${path} already has a server "${id}"; remove it first (kodama mcp rm ${id})`);
  file.mcpServers[id] = entry;
  await writeFile(path, `${JSON.stringify(file, null, 2)}\n`);
}

/** Removes server `id` from the project file. @throws Error when it is not there. */
export async function removeServer(path: string, id: string): Promise<void> {
  const file = await readProjectFile(path);
  if (!(id in file.mcpServers)) throw new Error(`${path} has no server "${id}"`);
  delete file.mcpServers[id];
  await writeFile(path, `${JSON.stringify(file, null, 2)}\n`);
}
