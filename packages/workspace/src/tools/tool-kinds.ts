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
  });

/** The names of the workspace tools whose calls may have an effect of `kind`, in registry order. */
export function workspaceToolsWith(kind: ToolEffectKind): readonly WorkspaceToolName[] {
  return (Object.keys(WORKSPACE_TOOL_KINDS) as WorkspaceToolName[]).filter((name) =>
    WORKSPACE_TOOL_KINDS[name].includes(kind),
  );
}
