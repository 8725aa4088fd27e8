import type { AnyTool } from '@kodama/core';
import type { Workspace } from '../workspace/workspace.ts';
import { bashTool } from './bash.ts';
import { bashKillTool, bashOutputTool } from './bash-background.ts';
import { editTool } from './edit.ts';
import { globTool } from './glob.ts';
import { grepTool } from './grep.ts';
import { readTool } from './read.ts';
import type { WorkspaceToolName } from './registry.ts';
import { bashToolOptions, ripgrepOptions, type WorkspaceToolsOptions } from './tool-options.ts';
import { writeTool } from './write.ts';

/** The workspace tools, by name. */
export type WorkspaceTools = Readonly<Record<WorkspaceToolName, AnyTool>>;

/**
 * Builds read, write, edit, grep, glob, bash, bash_output and bash_kill over one workspace, at once.
 * To build only some, lazily, use `workspaceToolsByName` or the registry.
 */
export function workspaceTools(workspace: Workspace, options: WorkspaceToolsOptions): WorkspaceTools {
  return Object.freeze({
    read: readTool(workspace, options.readText ? { readText: options.readText } : {}),
    write: writeTool(workspace, options.confirmer),
    edit: editTool(workspace),
    grep: grepTool(workspace, ripgrepOptions(options)),
    glob: globTool(workspace, ripgrepOptions(options)),
    bash: bashTool(workspace, bashToolOptions(options)),
    bash_output: bashOutputTool(workspace, options),
    bash_kill: bashKillTool(workspace),
  });
}
