import {
  assertSandboxAvailable,
  autoApprove,
  type SandboxOptions,
  terminalConfirmer,
  WORKSPACE_TOOL_NAMES,
  Workspace,
  workspaceToolsByName,
  workspaceToolsWith,
} from '@kodama/workspace';
import { commandsControl } from './background-control.ts';
import { backgroundLimits } from './config.ts';
import { reviewedWorkspaceTools } from './interactive-edit-review.ts';
import type { SandboxKind } from './parse-support.ts';
import type { ToolFamily } from './tool-setup.ts';

const SANDBOXES: Readonly<Record<SandboxKind, SandboxOptions>> = {
  none: { kind: 'none' },
  bubblewrap: { kind: 'bubblewrap' },
};

/**
 * read, write, edit, grep, glob and bash from `@kodama/workspace`'s registry,
 * over a workspace rooted at `--root`. The workspace (its scratch dir, its
 * processes) closes with the agent.
 */
export const WORKSPACE_TOOLS: ToolFamily = {
  names: WORKSPACE_TOOL_NAMES,
  build: async (names, setup) => {
    const sandbox = SANDBOXES[setup.sandbox];
    const workspace = await Workspace.create({
      projectRoot: setup.root,
      readableRoots: setup.readableRoots ?? [],
      maxBackground: backgroundLimits(setup.config).maxCommands,
    });
    setup.onClose(() => workspace.close());
    setup.onBackground?.(commandsControl(workspace.background));
    // Fail closed before the turn starts: a requested sandbox that cannot start is an error, never a silent downgrade.
    if (workspaceToolsWith('runsCommand').some((n) => names.includes(n)))
      await assertSandboxAvailable(workspace, sandbox);
    const confirmer =
      setup.confirmer ??
      (setup.yes ? autoApprove : terminalConfirmer({ input: setup.stdin, output: setup.stderr }));
    const options = {
      confirmer,
      sandbox,
      ...(setup.streamOutput ? { bashStreamOutput: true } : {}),
      ...(setup.readText ? { readText: setup.readText } : {}),
    };
    if (setup.reviewEdits) return reviewedWorkspaceTools(workspace, names, options, setup.reviewEdits);
    return workspaceToolsByName(workspace, names, options);
  },
};
