// The tools that follow a background command bash started: bash_output reads
// what is new, bash_kill ends it. Starting one is bash's own call (asked
// about, sandboxed and confined like any command); these two only read or end
// what was approved then, so they ask nothing.
import { type AnyTool, defineTool, params, ToolError, type TrifectaLegs } from '@kodama/core';
import { NO_SANDBOX } from '../sandbox/sandbox-options.ts';
import {
  BACKGROUND_MAX_OUTPUT_BYTES,
  type BackgroundStatus,
  type BackgroundTaskInfo,
} from '../subprocess/background-tasks.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { bashCallLegs, bashLegs, writerLegs } from './legs.ts';
import { BASH_KILL_TOOL, BASH_OUTPUT_TOOL, BASH_TOOL } from './tool-kinds.ts';
import type { WorkspaceToolsOptions } from './tool-options.ts';

/** How long a task has run (or ran), as a person reads it: `45s`, `3m20s`, `2h05m`. */
export function runtimeText(
  info: Pick<BackgroundTaskInfo, 'startedAt' | 'endedAt'>,
  now = Date.now(),
): string {
  const seconds = Math.max(0, Math.round(((info.endedAt ?? now) - info.startedAt) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** A task's status in words: `running`, `exited with code 0`, `killed (timed out)`. */
export function statusText(status: BackgroundStatus): string {
  switch (status.state) {
    case 'running':
      return 'running';
    case 'exited':
      return status.exitCode !== null
        ? `exited with code ${status.exitCode}`
        : `killed by signal ${status.exitSignal ?? 'unknown'}`;
    case 'killed':
      return status.reason === 'timeout'
        ? 'killed (timed out)'
        : status.reason === 'closed'
          ? 'killed (the session ended)'
          : 'killed';
    case 'failed':
      return `failed: ${status.message}`;
  }
}

function unknownTask(workspace: Workspace, id: string): ToolError {
  const known = workspace.background.list().map((task) => task.id);
  return new ToolError(
    `no background task "${id}"; ${known.length > 0 ? `known: ${known.join(', ')}` : `none was started (bash with run_in_background starts one)`}`,
  );
}

// What bash's call was asked about is all they do: no effect of their own for the gate to judge.
const NO_EFFECTS = { kinds: [], of: () => [] };

function readingOnly(legs: TrifectaLegs): TrifectaLegs {
  return Object.freeze({ privateData: legs.privateData, untrusted: legs.untrusted, egress: 'none' });
}

const idParameter = () => params().requiredString('id', `The task id ${BASH_TOOL} returned (e.g. bash-1)`);

/**
 * `bash_output`: what a background task printed since the last read (stdout
 * and stderr together) and its status. Its output is a command's output:
 * bash's private-data and untrusted legs, judged by the task's own command
 * line; no egress (reading sends nothing).
 */
export function bashOutputTool(workspace: Workspace, options: WorkspaceToolsOptions): AnyTool {
  const sandbox = options.sandbox ?? NO_SANDBOX;
  // What comes in is what bash's would (untrusted when the command can reach
  // the network); nothing goes out: sending was the bash call's, asked about then.
  const full = bashLegs(workspace, options.confirmer, sandbox);
  const legs = readingOnly(full);
  return defineTool({
    name: BASH_OUTPUT_TOOL,
    description: `Reads what a background command (started by ${BASH_TOOL} with run_in_background) printed since the last read, and whether it is still running.
- Only new output is returned; up to ${BACKGROUND_MAX_OUTPUT_BYTES / 1024} KiB of unread output is kept per task (the newest; what was dropped is said).
- End a task with ${BASH_KILL_TOOL}.`,
    parameters: idParameter(),
    trifectaLegs: legs,
    effects: NO_EFFECTS,
    legsOf: (args) => {
      const task = workspace.background.info(args.id);
      return task ? bashCallLegs(task.command, full, workspace, sandbox).then(readingOnly) : legs;
    },
    async execute(args) {
      const read = workspace.background.read(args.id);
      if (!read) throw unknownTask(workspace, args.id);
      const dropped =
        read.droppedBytes > 0
          ? `[... ${read.droppedBytes} bytes of earlier output dropped: more than ${BACKGROUND_MAX_OUTPUT_BYTES / 1024} KiB arrived since the last read; the newest is kept ...]\n`
          : '';
      const body = read.text.length > 0 ? read.text : '(no new output)\n';
      const status = `[${read.info.id}: ${statusText(read.info.status)}, ${runtimeText(read.info)}]`;
      return `${dropped}${body}${body.endsWith('\n') ? '' : '\n'}${status}`;
    },
  });
}

/** `bash_kill`: ends a background task and every process it started. */
export function bashKillTool(workspace: Workspace): AnyTool {
  return defineTool({
    name: BASH_KILL_TOOL,
    description: `Ends a background command started by ${BASH_TOOL} with run_in_background, with all its child processes (SIGTERM, then SIGKILL). Unread output stays readable with ${BASH_OUTPUT_TOOL}.`,
    parameters: idParameter(),
    // Nothing is read back but the status line.
    trifectaLegs: writerLegs(),
    effects: NO_EFFECTS,
    sequential: true,
    async execute(args) {
      const before = workspace.background.info(args.id);
      if (!before) throw unknownTask(workspace, args.id);
      if (before.status.state !== 'running')
        return `${args.id} was not running (${statusText(before.status)}); nothing to kill`;
      const after = await workspace.background.kill(args.id);
      return `${args.id}: ${statusText(after?.status ?? before.status)} after ${runtimeText(after ?? before)}`;
    },
  });
}
