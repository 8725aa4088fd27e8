import type { BackgroundControl } from '@kodama/assistant';
import {
  assertSandboxAvailable,
  autoApprove,
  type BackgroundTasks,
  runtimeText,
  type SandboxOptions,
  statusText,
  terminalConfirmer,
  WORKSPACE_TOOL_NAMES,
  Workspace,
  workspaceToolsByName,
  workspaceToolsWith,
} from '@kodama/workspace';
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
    });
    setup.onClose(() => workspace.close());
    setup.onBackground?.(backgroundControl(workspace.background));
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

/** The workspace's background commands in the words `/tasks` shows. */
function backgroundControl(tasks: BackgroundTasks): BackgroundControl {
  return {
    list: () =>
      tasks.list().map((task) => ({
        id: task.id,
        command: task.command,
        status: statusText(task.status),
        runtime: runtimeText(task),
        newLines: task.unreadLines,
        running: task.status.state === 'running',
      })),
    moveToBackground: () => tasks.moveToBackground(),
    get running() {
      return tasks.running;
    },
    onChange: (listener) => tasks.onChange(listener),
    kill: async (id) => {
      const after = await tasks.kill(id);
      return after && `${statusText(after.status)} after ${runtimeText(after)}`;
    },
  };
}
