import type { ToolEffectKind } from '@kodama/core';
import type { WorkspaceToolName } from './registry.ts';

/**
 * The effect kinds each workspace tool declares (`Tool.effects.kinds`), by
 * name, without building a tool: for hosts whose user syntax names the tools
 * (permission rules `bash(git status)`, `edit(src/**)`), so a word's meaning
 * is the kind of effect, read from the package that owns the tool.
 */
export const WORKSPACE_TOOL_KINDS: Readonly<Record<WorkspaceToolName, readonly ToolEffectKind[]>> =
  Object.freeze({
    read: Object.freeze(['readsPath'] as const),
    write: Object.freeze(['writesFile'] as const),
    edit: Object.freeze(['writesFile'] as const),
    grep: Object.freeze(['readsPath'] as const),
    glob: Object.freeze(['readsPath'] as const),
    bash: Object.freeze(['runsCommand'] as const),
    // Reading or ending a command bash already ran (asked about then) has no effect of its own.
    bash_output: Object.freeze([] as const),
    bash_kill: Object.freeze([] as const),
  });

/** The names of the workspace tools whose calls may have an effect of `kind`, in registry order. */
export function workspaceToolsWith(kind: ToolEffectKind): readonly WorkspaceToolName[] {
  return (Object.keys(WORKSPACE_TOOL_KINDS) as WorkspaceToolName[]).filter((name) =>
    WORKSPACE_TOOL_KINDS[name].includes(kind),
  );
}

/** The read tool (a file's lines, or a folder's entries). */
export const READ_TOOL = 'read' satisfies WorkspaceToolName;
/** The write tool (a whole file). */
export const WRITE_TOOL = 'write' satisfies WorkspaceToolName;
/** The edit tool (one exact replacement in a file). */
export const EDIT_TOOL = 'edit' satisfies WorkspaceToolName;
/** The grep tool (a pattern in the project's files). */
export const GREP_TOOL = 'grep' satisfies WorkspaceToolName;
/** The glob tool (files by pattern). */
export const GLOB_TOOL = 'glob' satisfies WorkspaceToolName;
/** The bash tool (a shell command line). */
export const BASH_TOOL = 'bash' satisfies WorkspaceToolName;
/** The bash_output tool (what a background command printed since the last read, and its status). */
export const BASH_OUTPUT_TOOL = 'bash_output' satisfies WorkspaceToolName;
/** The bash_kill tool (ends a background command and all its children). */
export const BASH_KILL_TOOL = 'bash_kill' satisfies WorkspaceToolName;
