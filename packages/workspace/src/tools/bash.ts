import { StringDecoder } from 'node:string_decoder';
import { type AnyTool, defineTool, params, ToolError } from '@kodama/core';
import type { Confirmer } from '../confirm/confirmer.ts';
import { sanitizeForDisplay } from '../confirm/sanitize.ts';
import { assertSandboxAvailable, wrapArgv } from '../sandbox/bubblewrap.ts';
import { NO_SANDBOX, type SandboxOptions } from '../sandbox/sandbox-options.ts';
import {
  BackgroundLimitError,
  type BackgroundTaskInfo,
  type ForegroundOutcome,
} from '../subprocess/background-tasks.ts';
import { scanDenied } from '../workspace/denied-scan.ts';
import { SandboxUnavailableError } from '../workspace/errors.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { bashEnvironment } from './bash-env.ts';
import { bashCallLegs, bashLegs } from './legs.ts';
import { BASH_KILL_TOOL, BASH_OUTPUT_TOOL, BASH_TOOL } from './tool-kinds.ts';

/** bash timeout when none is given, in seconds. */
export const BASH_DEFAULT_TIMEOUT_SECONDS = 120;
/** Largest bash timeout, in seconds. */
export const BASH_MAX_TIMEOUT_SECONDS = 600;
/** Bytes of command output kept (head and tail). */
export const BASH_MAX_OUTPUT_BYTES = 30 * 1024;

/** What the bash tool needs besides the workspace. */
export interface BashToolOptions {
  readonly confirmer: Confirmer;
  readonly sandbox?: SandboxOptions;
  /** Base environment (default `process.env`); only allowlisted names reach the command. */
  readonly env?: NodeJS.ProcessEnv;
  /** Variable names passed to the command (default DEFAULT_ENV_ALLOWLIST; `X*` is a prefix). */
  readonly envAllowlist?: readonly string[];
  readonly defaultTimeoutSeconds?: number;
  readonly maxTimeoutSeconds?: number;
  /**
   * Emit the output as it arrives, as `tool-output` domain events
   * (`{ toolCallId, text }`), for a screen that shows it live. Default false.
   */
  readonly streamOutput?: boolean;
}

/** The domain event bash emits with live output when `streamOutput` is on. */
export const BASH_OUTPUT_EVENT = 'tool-output';

function describeSandbox(sandbox: SandboxOptions): string {
  if (sandbox.kind === 'none') return 'no sandbox';
  return `bubblewrap sandbox, network ${sandbox.network === true ? 'on' : 'off'}`;
}

/** The `bash` tool: confirmed, timed, process-group-killed, optionally sandboxed. */
export function bashTool(workspace: Workspace, options: BashToolOptions): AnyTool {
  const sandbox = options.sandbox ?? NO_SANDBOX;
  const defaultTimeout = options.defaultTimeoutSeconds ?? BASH_DEFAULT_TIMEOUT_SECONDS;
  const maxTimeout = options.maxTimeoutSeconds ?? BASH_MAX_TIMEOUT_SECONDS;
  let sandboxReady: Promise<void> | undefined;
  const parameters = params()
    .requiredString('command', 'The shell command, run with bash -c in the project root')
    .optionalInteger(
      'timeout',
      `Seconds before the command and all its children are killed (default ${defaultTimeout}, max ${maxTimeout}; in the background: none unless given)`,
    )
    .optionalBoolean(
      'run_in_background',
      `Start the command and return at once with a task id; it keeps running (a dev server, a long build). Read what it prints with ${BASH_OUTPUT_TOOL}, end it with ${BASH_KILL_TOOL}`,
    );

  const legs = bashLegs(workspace, options.confirmer, sandbox);
  return defineTool({
    name: BASH_TOOL,
    description: `Runs a shell command with bash in the project root (${describeSandbox(sandbox)}).
Usage:
- Use it for git, builds, tests and package managers; prefer read, write, edit, grep and glob for files.
- Each command is shown to the user for approval first.
- Output (stdout and stderr together) is capped at ${BASH_MAX_OUTPUT_BYTES / 1024} KiB; the exit code is reported.
- Timeout default ${defaultTimeout}s, max ${maxTimeout}s; on timeout the command and its children are killed.
- run_in_background: true returns a task id at once; ${BASH_OUTPUT_TOOL} reads its new output, ${BASH_KILL_TOOL} ends it; at most ${workspace.background.maxRunning} run at once; all end with the session.`,
    parameters,
    trifectaLegs: legs,
    // Each command is judged from its parsed line: `npm test` is no egress and brings nothing untrusted in.
    legsOf: (args) => bashCallLegs(args.command, legs, workspace, sandbox),
    sequential: true,
    effects: { kinds: ['runsCommand'], of: (args) => [{ kind: 'runsCommand', command: args.command }] },
    async execute(args, context) {
      const background = args.run_in_background === true;
      // A background command runs until it is killed or the session ends, unless the model set a timeout.
      const timeout = args.timeout ?? (background ? undefined : defaultTimeout);
      if (timeout !== undefined && (timeout < 1 || timeout > maxTimeout)) {
        throw new ToolError(`timeout must be between 1 and ${maxTimeout} seconds, got ${timeout}`);
      }
      if (workspace.closed) throw new ToolError('the workspace is closed; no more commands can run');
      // Refused before anyone is asked: a question whose yes would be refused anyway is noise.
      if (background && workspace.background.running >= workspace.background.maxRunning)
        throw new ToolError(limitText(workspace.background.maxRunning, workspace.background.list()));
      if (sandbox.kind === 'bubblewrap') {
        // Probed once; a failure is remembered, so bash never falls back to running unsandboxed.
        sandboxReady ??= assertSandboxAvailable(workspace, sandbox);
        try {
          await sandboxReady;
        } catch (error) {
          if (SandboxUnavailableError.isInstance(error)) throw new ToolError(error.message);
          throw error;
        }
      }
      const shown = sanitizeForDisplay(args.command);
      const approved = await options.confirmer.confirm(
        {
          tool: BASH_TOOL,
          title: `run a shell command${background ? ' in the background' : ''} in ${workspace.projectRoot} (${describeSandbox(sandbox)}, ${timeout === undefined ? 'no timeout' : `timeout ${timeout}s`})`,
          detail: shown.text,
          warnings: shown.warnings,
        },
        context.signal,
      );
      if (!approved)
        throw new ToolError('user declined to run the command; it was not run. Do not retry it unchanged');

      const tmp = sandbox.kind === 'none' ? workspace.scratchDir : '/tmp';
      const env = bashEnvironment({
        env: options.env,
        allowlist: options.envAllowlist,
        defaultHome: tmp,
        tmpdir: tmp,
      });
      // Under bubblewrap, credential files inside the mounted roots are covered (bounded scan).
      const hidden = sandbox.kind === 'none' ? undefined : await scanDenied(workspace);
      const argv = wrapArgv(
        workspace,
        sandbox,
        ['bash', '--noprofile', '--norc', '-c', args.command],
        hidden,
      );
      if (background) return startInBackground(workspace, argv, args.command, env, timeout);
      // A decoder keeps a multi-byte character split between chunks whole.
      const decoder = options.streamOutput ? new StringDecoder('utf8') : undefined;
      const onOutput = decoder
        ? (chunk: Buffer) => {
            const text = decoder.write(chunk);
            if (text) context.emit(BASH_OUTPUT_EVENT, { toolCallId: context.toolCallId, text });
          }
        : undefined;
      let outcome: ForegroundOutcome;
      try {
        outcome = await workspace.background.runForeground(argv, {
          command: args.command,
          cwd: workspace.projectRoot,
          env,
          timeoutMs: (timeout ?? defaultTimeout) * 1000,
          signal: context.signal,
          maxOutputBytes: BASH_MAX_OUTPUT_BYTES,
          ...(onOutput ? { onOutput } : {}),
        });
      } catch (error) {
        if (context.signal.aborted) throw context.signal.reason ?? error;
        throw new ToolError(`could not start ${argv[0]}: ${(error as Error).message}`);
      }
      if (outcome.kind === 'moved') return movedText(outcome);
      const { result } = outcome;
      if (result.aborted && context.signal.aborted) throw context.signal.reason ?? new Error('aborted');
      const output = result.output.length > 0 ? result.output : '(no output)\n';
      if (result.aborted && !outcome.timedOut)
        throw new ToolError(
          `the workspace closed while the command ran; it was killed. Output so far:\n${output}`,
        );
      if (outcome.timedOut) {
        throw new ToolError(
          `the command timed out after ${timeout}s and was killed with all its child processes. Output so far:\n${output}`,
        );
      }
      const status =
        result.exitCode !== null
          ? `exit code ${result.exitCode}`
          : `killed by signal ${result.exitSignal ?? 'unknown'}`;
      return `${output}${output.endsWith('\n') ? '' : '\n'}[${status}]`;
    },
  });
}

/** What the model reads when the person moved its running command to the background (Ctrl+B). */
function movedText(outcome: Extract<ForegroundOutcome, { kind: 'moved' }>): string {
  // The same cap as a finished command's output: the newest part.
  const kept =
    outcome.output.length > BASH_MAX_OUTPUT_BYTES
      ? outcome.output.slice(-BASH_MAX_OUTPUT_BYTES)
      : outcome.output;
  const dropped =
    outcome.droppedBytes + (outcome.output.length - kept.length) > 0
      ? '[... earlier output dropped ...]\n'
      : '';
  const body = kept.length > 0 ? kept : '(no output yet)\n';
  return `${dropped}${body}${body.endsWith('\n') ? '' : '\n'}[the person moved this command to the background as task ${outcome.id}; it is still running. Read its new output with ${BASH_OUTPUT_TOOL} {"id":"${outcome.id}"}, end it with ${BASH_KILL_TOOL} {"id":"${outcome.id}"}]`;
}

/** Starts an approved, wrapped command as a background task and says how to follow it. */
function startInBackground(
  workspace: Workspace,
  argv: readonly string[],
  command: string,
  env: NodeJS.ProcessEnv,
  timeout: number | undefined,
): string {
  let id: string;
  try {
    id = workspace.background.start(argv, {
      command,
      cwd: workspace.projectRoot,
      env,
      ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
    });
  } catch (error) {
    if (error instanceof BackgroundLimitError)
      throw new ToolError(limitText(error.maxRunning, error.running));
    throw new ToolError((error as Error).message); // closed meanwhile
  }
  return `started in the background as task ${id}${timeout === undefined ? '' : ` (killed after ${timeout}s)`}; read its new output with ${BASH_OUTPUT_TOOL} {"id":"${id}"}, end it with ${BASH_KILL_TOOL} {"id":"${id}"}. It ends with the session.`;
}

/** What the model reads when no more background commands may start: which run, and what it can do. */
function limitText(max: number, tasks: readonly BackgroundTaskInfo[]): string {
  if (max === 0)
    return 'background commands are turned off here (at most 0 at once); this one was not started. Run it without run_in_background';
  const running = tasks.filter((task) => task.status.state === 'running');
  const shown = running
    .map(
      (task) => `${task.id} (${task.command.length > 40 ? `${task.command.slice(0, 39)}…` : task.command})`,
    )
    .join(', ');
  const first = running[0]?.id ?? 'bash-1';
  return (
    `${running.length} background commands are running, the most at once (${max}): ${shown}; this one was not started. ` +
    `Wait for one to finish (${BASH_OUTPUT_TOOL} {"id":"${first}"} says whether it has), end one you no longer need with ${BASH_KILL_TOOL}, ` +
    'or run this command without run_in_background'
  );
}
