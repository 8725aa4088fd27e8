import { lstat, readFile } from 'node:fs/promises';
import type { AnyTool } from '@kodama/core';
import {
  autoApprove,
  type Confirmer,
  type SandboxOptions,
  type Workspace,
  type WorkspaceToolsOptions,
  workspaceToolsByName,
} from '@kodama/workspace';
import { workspaceToolsWith } from '@kodama/workspace/tool-kinds';

/**
 * Wraps a write or edit tool: the assistant checkpoints the file before it
 * changes (`checkpointEdits`) and, unless `--yes`, asks with a diff first
 * (`reviewEdits`). `resolvePath` is the workspace's resolution of a path for writing.
 */
export type EditReviewer = (
  tool: AnyTool,
  readText: (path: string) => Promise<string | undefined>,
  resolvePath: (path: string) => Promise<string>,
) => AnyTool;

/** Largest file shown as a diff (bytes); a larger one is asked about without its text. */
const MAX_PREVIEW = 1_000_000;

/**
 * The workspace tools with the file writers (write, edit: by their declared
 * `writesFile` effect) wrapped: those are built with
 * a confirmer that approves and wrapped by `review` (which may ask with a
 * diff before they run, and checkpoints the file); the others (bash) ask
 * `confirmer` as usual.
 */
export async function reviewedWorkspaceTools(
  workspace: Workspace,
  names: readonly string[],
  options: WorkspaceToolsOptions & { confirmer: Confirmer; sandbox: SandboxOptions },
  review: EditReviewer,
): Promise<AnyTool[]> {
  const writers: readonly string[] = workspaceToolsWith('writesFile');
  const editing = names.filter((n) => writers.includes(n));
  const others = names.filter((n) => !writers.includes(n));
  const readText = async (path: string): Promise<string | undefined> => {
    const real = await workspace.resolve(path, 'read');
    const info = await lstat(real).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_PREVIEW) return undefined;
    return readFile(real, 'utf8');
  };
  const edits = (await workspaceToolsByName(workspace, editing, { ...options, confirmer: autoApprove })).map(
    (t) => review(t, readText, (path) => workspace.resolve(path, 'write')),
  );
  const rest = await workspaceToolsByName(workspace, others, options);
  return names
    .map((n) => [...edits, ...rest].find((t) => t.name === n))
    .filter((t): t is AnyTool => t !== undefined);
}
