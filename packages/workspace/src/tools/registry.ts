import type { AnyTool } from '@kodama/core';
import { UnknownToolError } from '@kodama/core/tool';
import type { Workspace } from '../workspace/workspace.ts';
import { bashToolOptions, ripgrepOptions, type WorkspaceToolsOptions } from './tool-options.ts';

/** Builds one workspace tool over a workspace, importing the tool's module on the first call. */
export type WorkspaceToolFactory = (workspace: Workspace, options: WorkspaceToolsOptions) => Promise<AnyTool>;

/**
 * The workspace tools by the name the model sees, each a lazy factory: a
 * host holding the table loads only the tools it builds.
 */
export const WORKSPACE_TOOL_REGISTRY = Object.freeze({
  read: async (workspace: Workspace, options: WorkspaceToolsOptions) =>
    (await import('./read.ts')).readTool(workspace, options.readText ? { readText: options.readText } : {}),
  write: async (workspace: Workspace, options: WorkspaceToolsOptions) =>
    (await import('./write.ts')).writeTool(workspace, options.confirmer),
  edit: async (workspace: Workspace) => (await import('./edit.ts')).editTool(workspace),
  grep: async (workspace: Workspace, options: WorkspaceToolsOptions) =>
    (await import('./grep.ts')).grepTool(workspace, ripgrepOptions(options)),
  glob: async (workspace: Workspace, options: WorkspaceToolsOptions) =>
    (await import('./glob.ts')).globTool(workspace, ripgrepOptions(options)),
  bash: async (workspace: Workspace, options: WorkspaceToolsOptions) =>
    (await import('./bash.ts')).bashTool(workspace, bashToolOptions(options)),
  bash_output: async (workspace: Workspace, options: WorkspaceToolsOptions) =>
    (await import('./bash-background.ts')).bashOutputTool(workspace, options),
  bash_kill: async (workspace: Workspace) => (await import('./bash-background.ts')).bashKillTool(workspace),
}) satisfies Readonly<Record<string, WorkspaceToolFactory>>;

/** One of {@link WORKSPACE_TOOL_NAMES}. */
export type WorkspaceToolName = keyof typeof WORKSPACE_TOOL_REGISTRY;

/** The names of the workspace tools, in registry order. */
export const WORKSPACE_TOOL_NAMES: readonly WorkspaceToolName[] = Object.freeze(
  Object.keys(WORKSPACE_TOOL_REGISTRY) as WorkspaceToolName[],
);

function isWorkspaceToolName(name: string): name is WorkspaceToolName {
  return Object.hasOwn(WORKSPACE_TOOL_REGISTRY, name);
}

/**
 * Builds the named workspace tools over one workspace, in the order given
 * (duplicates dropped), loading only their modules.
 *
 * @throws UnknownToolError (from `@kodama/core/tool`) when a name is not one of
 *   {@link WORKSPACE_TOOL_NAMES}, before anything is built.
 */
export async function workspaceToolsByName(
  workspace: Workspace,
  names: readonly string[],
  options: WorkspaceToolsOptions,
): Promise<AnyTool[]> {
  const unknown = names.filter((name) => !isWorkspaceToolName(name));
  if (unknown.length > 0) throw new UnknownToolError(unknown, WORKSPACE_TOOL_NAMES);
  const unique = [...new Set(names as readonly WorkspaceToolName[])];
  return Promise.all(unique.map((name) => WORKSPACE_TOOL_REGISTRY[name](workspace, options)));
}
