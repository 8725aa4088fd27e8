import type { AnyTool } from '@kodama/core';
import {
  assertSandboxAvailable,
  autoApprove,
  type SandboxOptions,
  terminalConfirmer,
  WORKSPACE_TOOL_NAMES,
  Workspace,
  type WorkspaceToolName,
  workspaceTools,
} from '@kodama/workspace';
import type { ToolSetup } from './tool-setup.ts';

/** Thrown for a `--sandbox` value kodama does not know. */
export class UnknownSandboxError extends Error {
  override readonly name = 'UnknownSandboxError';
}

function sandboxFor(kind: string): SandboxOptions {
  if (kind === 'none') return { kind: 'none' };
  if (kind === 'bubblewrap') return { kind: 'bubblewrap' };
  throw new UnknownSandboxError(`unknown sandbox "${kind}". Use --sandbox none or --sandbox bubblewrap`);
}

/**
 * read, write, edit, grep, glob and bash over a workspace rooted at `--root`.
 * The workspace (its scratch dir, its processes) closes with the agent.
 */
export async function workspaceToolSet(names: readonly string[], setup: ToolSetup): Promise<AnyTool[]> {
  const sandbox = sandboxFor(setup.sandbox);
  const workspace = await Workspace.create({ projectRoot: setup.root });
  setup.onClose(() => workspace.close());
  // Fail closed before the turn starts: a requested sandbox that cannot start is an error, never a silent downgrade.
  if (names.includes('bash')) await assertSandboxAvailable(workspace, sandbox);
  const confirmer = setup.yes ? autoApprove : terminalConfirmer({ input: setup.stdin, output: setup.stderr });
  const tools = workspaceTools(workspace, { confirmer, sandbox });
  return names
    .filter((n): n is WorkspaceToolName => (WORKSPACE_TOOL_NAMES as readonly string[]).includes(n))
    .map((n) => tools[n]);
}
