import { readJsonObject, writeJsonObject } from './json-file-edit.ts';

type McpFile = { mcpServers: Record<string, unknown> } & Record<string, unknown>;

async function readProjectFile(path: string): Promise<{ file: McpFile; indent: string }> {
  const { value, indent } = await readJsonObject(path);
  const servers = value.mcpServers ?? {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers))
    throw new Error(`${path}: "mcpServers" must be an object; nothing was changed`);
  return { file: { ...value, mcpServers: { ...(servers as Record<string, unknown>) } }, indent };
}

/**
 * Adds server `id` to the project file (other keys and servers kept as they are).
 *
 * @throws Error when the id is taken or the file is not an MCP file; the file is then untouched.
 */
export async function addServer(path: string, id: string, entry: Record<string, unknown>): Promise<void> {
  const { file, indent } = await readProjectFile(path);
  if (id in file.mcpServers)
    throw new Error(`${path} already has a server "${id}"; remove it first (kodama mcp rm ${id})`);
  file.mcpServers[id] = entry;
  await writeJsonObject(path, file, indent);
}

/** Removes server `id` from the project file. @throws Error when it is not there. */
export async function removeServer(path: string, id: string): Promise<void> {
  const { file, indent } = await readProjectFile(path);
  if (!(id in file.mcpServers)) throw new Error(`${path} has no server "${id}"`);
  delete file.mcpServers[id];
  await writeJsonObject(path, file, indent);
}
