// `kodama ask` has no permission rules of its own, but writing a control file
// (.git/**, .kodama/**, .mcp.json, .github/workflows/**, the user's
// configuration) must ask a person there too, also under --yes, and be refused
// when nobody can be asked. The assistant's gate does that; only its rules
// module is loaded (not the screen), and only when a tool that writes is chosen.
import { resolve } from 'node:path';
import type { AnyTool } from '@kodama/core';
import type { Confirmer } from '@kodama/workspace';
import { workspaceToolsWith } from '@kodama/workspace/tool-kinds';
import type { CliIO } from './cli-io.ts';
import type { ToolChoice } from './parse-support.ts';

/**
 * The tools that can change a file on this machine, the ones a control-file
 * write can come through: those whose declared effects run a command or write a file.
 */
const WRITING_TOOLS: readonly string[] = [
  ...workspaceToolsWith('runsCommand'),
  ...workspaceToolsWith('writesFile'),
];

/** What `kodama ask` hands `buildAssistant`: the gate around every tool, and the tools' confirmer. */
export interface ControlFileGuard {
  readonly wrapTool?: (tool: AnyTool) => AnyTool;
  /** The person, as the tools' own confirmer too (so a control-file write is asked once). */
  readonly confirmer?: Confirmer;
}

/**
 * The control-file gate for `kodama ask`: a person on the terminal when stdin
 * is one (asked even under `--yes`), none otherwise (such a write is refused).
 * Empty when no chosen tool writes.
 */
export async function controlFileGuard(choice: ToolChoice, io: CliIO): Promise<ControlFileGuard> {
  if (!choice.tools.some((t) => WRITING_TOOLS.includes(t))) return {};
  const [{ PermissionRules, permissionGate }, { terminalConfirmer }] = await Promise.all([
    import('@kodama/assistant/permissions'),
    import('@kodama/workspace'),
  ]);
  const root = resolve(choice.root ?? process.cwd());
  const tty = io.stdin.isTTY === true;
  const person = tty ? terminalConfirmer({ input: io.stdin, output: io.stderr }) : undefined;
  const rules = new PermissionRules([], root, { person: tty, env: io.env });
  // Without --yes the tools ask this same person themselves; under --yes they approve, and the gate asks.
  const confirmer = choice.yes ? undefined : person;
  return {
    wrapTool: (tool) => permissionGate(tool, rules, confirmer, person),
    ...(confirmer ? { confirmer } : {}),
  };
}
