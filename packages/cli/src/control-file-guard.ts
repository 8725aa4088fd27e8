// `kodama ask` has no permission rules of its own, but it asks what `kodama -p`
// asks: an edit or a write is shown and approved (refused with no terminal,
// unless --yes), and writing a control file (.git/**, .kodama/**, .mcp.json,
// .github/workflows/**, the user's configuration) asks a person also under
// --yes, refused when nobody can be asked. Loaded only when a tool that writes is chosen.
import { resolve } from 'node:path';
import { workspaceToolsWith } from '@kodama/workspace/tool-kinds';
import type { CliIO } from './cli-io.ts';
import type { PermissionModeName, ToolChoice } from './parse-support.ts';

/**
 * The tools that can change a file on this machine, the ones a control-file
 * write can come through: those whose declared effects run a command or write a file.
 */
const WRITING_TOOLS: readonly string[] = [
  ...workspaceToolsWith('runsCommand'),
  ...workspaceToolsWith('writesFile'),
];

/** What `kodama ask` hands `buildAssistant`: the assistant's wiring of one printed turn, as `kodama -p` has it. */
export type ControlFileGuard = import('@kodama/assistant').AgentWiring | Record<string, never>;

/** The questions of one `kodama ask` turn, and the rules they are decided by (none when nothing is asked). */
export interface AskPermissions {
  readonly wiring: ControlFileGuard;
  readonly rules: InstanceType<typeof import('@kodama/assistant').PermissionRules> | undefined;
}

/**
 * The questions of `kodama ask`, the same as `kodama -p`'s (`printWiring`):
 * every write and edit is shown as a diff and asked on the terminal, bash
 * asks, and with no terminal on stdin such a call is refused with a line
 * saying how to allow it (`--yes`); a control-file write asks a person even
 * under `--yes`, and is refused when there is none. `mode` (`--permission-mode`)
 * decides first, as in the assistant. Empty when no chosen tool writes and the
 * mode is not plan (nothing to ask; the screen's module is then not loaded).
 */
export async function controlFileGuard(
  choice: ToolChoice,
  io: CliIO,
  mode?: PermissionModeName,
): Promise<AskPermissions> {
  if (mode !== 'plan' && !choice.tools.some((t) => WRITING_TOOLS.includes(t)))
    return { wiring: {}, rules: undefined };
  const [assistant, { terminalAsker }] = await Promise.all([
    import('@kodama/assistant'),
    import('./interactive-print.ts'),
  ]);
  const tty = io.stdin.isTTY === true;
  const rules = new assistant.PermissionRules([], resolve(choice.root ?? process.cwd()), {
    person: tty,
    env: io.env,
    ...(mode ? { mode } : {}),
  });
  const wiring = assistant.printWiring(await terminalAsker(assistant, rules, io), rules, {
    approveAll: choice.yes,
    approveTaint: choice.yesAll,
    person: tty,
  });
  return { wiring, rules };
}
