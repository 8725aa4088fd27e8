import type { AnyTool } from '@kodama/core';
import type { Workspace } from '../workspace/workspace.ts';
import { bashTool } from './bash.ts';
import { editTool } from './edit.ts';
import { globTool } from './glob.ts';
import { grepTool } from './grep.ts';
import { readTool } from './read.ts';
import type { WorkspaceToolsOptions } from './tool-options.ts';
import { writeTool } from './write.ts';

/** The names of the six workspace tools, as the model sees them. */
export const WORKSPACE_TOOL_NAMES = ['read', 'write', 'edit', 'grep', 'glob', 'bash'] as const;

/** One of {@link WORKSPACE_TOOL_NAMES}. */
export type WorkspaceToolName = (typeof WORKSPACE_TOOL_NAMES)[number];

/** The six tools, by name. */
export type WorkspaceTools = Readonly<Record<WorkspaceToolName, AnyTool>>;

/**
 * Builds read, write, edit, grep, glob and bash over one workspace. The CLI
 * picks the ones `--tools` names: `names.map((n) => tools[n])`.
 */
export function workspaceTools(workspace: Workspace, options: WorkspaceToolsOptions): WorkspaceTools {
  const rg = options.ripgrepPath !== undefined ? { ripgrepPath: options.ripgrepPath } : {};
  return Object.freeze({
    read: readTool(workspace),
    write: writeTool(workspace, options.confirmer),
    edit: editTool(workspace),
    grep: grepTool(workspace, rg),
    glob: globTool(workspace, rg),
    bash: bashTool(workspace, {
      confirmer: options.confirmer,
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.envAllowlist ? { envAllowlist: options.envAllowlist } : {}),
      ...(options.bashDefaultTimeoutSeconds
        ? { defaultTimeoutSeconds: options.bashDefaultTimeoutSeconds }
        : {}),
      ...(options.bashMaxTimeoutSeconds ? { maxTimeoutSeconds: options.bashMaxTimeoutSeconds } : {}),
    }),
  });
}
