import type { AnyTool } from '@kodama/core';
import type { ToolSetup } from './tool-setup.ts';

export type { ToolSetup } from './tool-setup.ts';

type Family = (names: readonly string[], setup: ToolSetup) => Promise<AnyTool[]>;

/** Each family's tool names, and how to build them (loaded only when used). */
const FAMILIES: ReadonlyArray<{ readonly names: readonly string[]; readonly build: Family }> = [
  {
    names: ['calculator', 'fetch', 'web_scrape', 'web_search'],
    build: async (names, setup) => (await import('./web-tools.ts')).webTools(names, setup),
  },
  {
    names: ['read', 'write', 'edit', 'grep', 'glob', 'bash'],
    build: async (names, setup) => (await import('./workspace-tools.ts')).workspaceToolSet(names, setup),
  },
];

/** Every tool name `--tools` accepts. */
export const TOOL_NAMES: readonly string[] = FAMILIES.flatMap((f) => f.names);

/** Thrown for a `--tools` entry kodama does not ship. */
export class UnknownToolError extends Error {
  override readonly name = 'UnknownToolError';
}

/** Builds the named tools, in the order given. */
export async function buildTools(names: readonly string[], setup: ToolSetup): Promise<AnyTool[]> {
  const unknown = names.filter((n) => !TOOL_NAMES.includes(n));
  if (unknown.length > 0) {
    throw new UnknownToolError(
      `unknown tool ${unknown.map((n) => `"${n}"`).join(', ')}. Available: ${TOOL_NAMES.join(', ')}`,
    );
  }
  const unique = [...new Set(names)];
  const built = new Map<string, AnyTool>();
  for (const family of FAMILIES) {
    const wanted = unique.filter((n) => family.names.includes(n));
    if (wanted.length === 0) continue;
    for (const tool of await family.build(wanted, setup)) built.set(tool.name, tool);
  }
  return unique.map((n) => {
    const tool = built.get(n);
    if (!tool) throw new Error(`internal: tool family did not build "${n}"`);
    return tool;
  });
}
