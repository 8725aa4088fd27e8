// One hook command run to its answer: `/bin/sh -c <command>` through the
// subprocess chokepoint (its own process group, killed whole at the
// timeout), the event as JSON on stdin, and its exit status and stdout read
// the way Claude Code reads them: 0 with JSON or text, 2 a block with stderr
// as the reason, anything else a failure.
import type { HookCommand, HookEvent } from './hook-config.ts';
import { DEFAULT_HOOK_TIMEOUT_S } from './hook-config.ts';

/** What one hook command said. */
export interface HookAnswer {
  /** The command, as the messages name it. */
  readonly command: string;
  /** `deny` blocks (exit 2, `"decision": "block"`, `permissionDecision: "deny"`, `"continue": false`); `allow` / `ask` change the rules' decision. */
  readonly decision?: 'allow' | 'deny' | 'ask';
  /** Why: for a block, said to the model. */
  readonly reason?: string;
  /** Text for the model (`additionalContext`, or the stdout of SessionStart and UserPromptSubmit). */
  readonly context?: string;
  /** Set when the hook failed (a status other than 0 or 2, a timeout, no start): what happened. */
  readonly failure?: string;
}

/** Longest stdout or stderr kept of a hook. */
const MAX_OUTPUT = 64 * 1024;

/** Events whose plain stdout (exit 0, not JSON) is context for the model. */
const STDOUT_IS_CONTEXT: readonly HookEvent[] = ['SessionStart', 'UserPromptSubmit'];

/**
 * Runs `hook` for `event` with `input` on its stdin, in `cwd` with `env`.
 * Never rejects: a hook that cannot start is a failure.
 */
export async function runHook(
  hook: HookCommand,
  event: HookEvent,
  input: Record<string, unknown>,
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly signal?: AbortSignal },
): Promise<HookAnswer> {
  const { runProcess } = await import('@kodama/workspace');
  const command = hook.command;
  const seconds = hook.timeout ?? DEFAULT_HOOK_TIMEOUT_S;
  let result: Awaited<ReturnType<typeof runProcess>>;
  try {
    result = await runProcess(['/bin/sh', '-c', command], {
      cwd: options.cwd,
      env: { ...options.env, KODAMA_PROJECT_DIR: options.cwd, CLAUDE_PROJECT_DIR: options.cwd },
      stdin: JSON.stringify(input),
      timeoutMs: seconds * 1000,
      killGraceMs: 500,
      outputMode: 'separate',
      maxOutputBytes: MAX_OUTPUT,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    return { command, failure: `could not start: ${error instanceof Error ? error.message : String(error)}` };
  }
  const stderr = result.stderr.trim();
  if (result.timedOut) return { command, failure: `timed out after ${seconds}s and was killed` };
  if (result.aborted) return { command, failure: 'was stopped' };
  if (result.exitCode === 2)
    return { command, decision: 'deny', reason: stderr || `the hook exited with status 2` };
  if (result.exitCode !== 0)
    return {
      command,
      failure: `${result.exitCode === null ? `was killed by ${result.exitSignal}` : `exited with status ${result.exitCode}`}${stderr ? `: ${stderr.slice(0, 500)}` : ''}`,
    };
  return readStdout(command, event, result.output.trim());
}

/** The answer of a hook that exited 0: its JSON, else its text (context for the events that take it). */
function readStdout(command: string, event: HookEvent, stdout: string): HookAnswer {
  let json: unknown;
  if (stdout.startsWith('{')) {
    try {
      json = JSON.parse(stdout);
    } catch {
      json = undefined;
    }
  }
  if (typeof json !== 'object' || json === null) {
    return stdout !== '' && STDOUT_IS_CONTEXT.includes(event) ? { command, context: stdout } : { command };
  }
  const out = json as Record<string, unknown>;
  const specific = (typeof out.hookSpecificOutput === 'object' && out.hookSpecificOutput) || {};
  const spec = specific as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const context = text(spec.additionalContext) ?? text(out.additionalContext);
  const permission = spec.permissionDecision;
  const legacy = out.decision;
  const decision =
    out.continue === false
      ? 'deny'
      : permission === 'allow' || permission === 'deny' || permission === 'ask'
        ? permission
        : legacy === 'block' || legacy === 'deny'
          ? 'deny'
          : legacy === 'approve' || legacy === 'allow'
            ? 'allow'
            : legacy === 'ask'
              ? 'ask'
              : undefined;
  const reason =
    text(out.continue === false ? out.stopReason : undefined) ??
    text(spec.permissionDecisionReason) ??
    text(out.reason);
  return {
    command,
    ...(decision ? { decision } : {}),
    ...(reason ? { reason } : {}),
    ...(context ? { context } : {}),
  };
}
