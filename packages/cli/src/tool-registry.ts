import type { AnyTool } from '@kodama/core';
import { UnknownToolError } from '@kodama/core/tool';
import { SKILLS_AND_TASKS } from './skills-setup.ts';
import { AGENT_TOOL_NAME } from './subagent-setup.ts';
import type { ToolFamily, ToolSetup } from './tool-setup.ts';

export type { ToolFamily, ToolSetup } from './tool-setup.ts';

/**
 * The tool families `--tools` draws from, in lookup order, each imported
 * only when a requested name is not found in the ones before it: a
 * calculator-only `kodama ask` never loads the workspace package.
 */
const FAMILIES: ReadonlyArray<() => Promise<ToolFamily>> = [
  async () => (await import('./web-tools.ts')).WEB_TOOLS,
  async () => (await import('./workspace-tools.ts')).WORKSPACE_TOOLS,
  async () => (await import('./corpus-setup.ts')).CORPUS_TOOLS,
];

/** Every tool name `--tools` accepts, from the packages' registries (loads every family), then skill, tasks and agent. */
export async function toolNames(): Promise<string[]> {
  const families = await Promise.all(FAMILIES.map((load) => load()));
  return [...families.flatMap((family) => family.names), ...SKILLS_AND_TASKS, AGENT_TOOL_NAME];
}

/**
 * Builds the named tools, in the order given (duplicates dropped).
 *
 * @throws UnknownToolError (from `@kodama/core/tool`) for a name no family holds,
 *   before any tool is built.
 */
export async function buildTools(names: readonly string[], setup: ToolSetup): Promise<AnyTool[]> {
  const unique = [...new Set(names)];
  const plan: Array<{ family: ToolFamily; names: string[] }> = [];
  let left = unique;
  for (const load of FAMILIES) {
    if (left.length === 0) break;
    const family = await load();
    const mine = left.filter((n) => family.names.includes(n));
    if (mine.length > 0) plan.push({ family, names: mine });
    left = left.filter((n) => !family.names.includes(n));
  }
  if (left.length > 0) throw new UnknownToolError(left, await toolNames());
  const built = new Map<string, AnyTool>();
  for (const step of plan) {
    for (const tool of await step.family.build(step.names, setup)) built.set(tool.name, tool);
  }
  return unique.map((n) => {
    const tool = built.get(n);
    if (!tool) throw new Error(`internal: tool family did not build "${n}"`);
    return tool;
  });
}
