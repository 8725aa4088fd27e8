import type { ToolEffectKind } from '@kodama/core';
import { WORKSPACE_TOOL_KINDS, workspaceToolsWith } from '@kodama/workspace/tool-kinds';

/**
 * The words of the rule syntax (`bash(git status)`, `edit(src/**)`,
 * `read(.env)`) are the names of the workspace tools, and each means the
 * kind of effect its tool declares: a command word's rules judge every call
 * that runs a command (whatever tool declares `runsCommand`), a write word's
 * every call that writes a file, a read word's the reads of its tool.
 */
export const COMMAND_WORDS: readonly string[] = workspaceToolsWith('runsCommand');
/** Words whose rules judge every call that writes a file (`edit(src/**)` covers write too). */
export const WRITE_WORDS: readonly string[] = workspaceToolsWith('writesFile');
/** Words whose pattern is a glob over a path: the writers, then the readers, in the workspace's order. */
export const PATH_WORDS: readonly string[] = Object.keys(WORKSPACE_TOOL_KINDS).filter((word) => {
  const kind = kindOfWord(word);
  return kind === 'writesFile' || kind === 'readsPath';
});

/** The effect kind a rule word stands for; undefined for any other tool's name (`web_fetch`, `fx__x`). */
export function kindOfWord(word: string): ToolEffectKind | undefined {
  return Object.hasOwn(WORKSPACE_TOOL_KINDS, word)
    ? WORKSPACE_TOOL_KINDS[word as keyof typeof WORKSPACE_TOOL_KINDS][0]
    : undefined;
}

/** The word a rule suggested for a call of `kind` is written with: the tool's own name when it is one, else the kind's first word. */
export function wordFor(kind: ToolEffectKind, tool: string): string {
  if (kindOfWord(tool) === kind) return tool;
  return workspaceToolsWith(kind)[0] ?? tool;
}
