// PreToolUse and PostToolUse around every tool the model or a sub-agent can
// call, outside the permission gate: a PreToolUse hook runs first, and its
// block fails the call before any rule or question; its `allow` or `ask`
// rides the call into the rules' decisions (`withHookVerdict`), where it
// never overrides a deny, a control file or the taint gate. PostToolUse sees
// the result and may add context to it, or a reason the model reads.
import { type AnyTool, type Content, effectsOf, ToolError, wrapTool } from '@kodama/core';
import { type Hooks, hookName } from './hooks.ts';

type WithVerdict = typeof import('@kodama/assistant/permissions').withHookVerdict;

/** What the tool hooks know of the run. */
export interface ToolHookContext {
  /** The session the call belongs to (the assistant's changes with /clear and /resume). */
  readonly sessionId: () => string;
  /** `withHookVerdict` of @kodama/assistant: how an allow or ask reaches the rules. */
  readonly withVerdict: WithVerdict;
}

/**
 * The arguments as Claude Code's hooks read them: kodama's own, and
 * `file_path` beside `path` (Claude's file tools name it so).
 */
export function hookToolInput(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const a = args as Record<string, unknown>;
  return typeof a.path === 'string' && a.file_path === undefined ? { ...a, file_path: a.path } : a;
}

/** `result` with text appended (a hook's context for the model). */
function appended(result: Content, text: string): Content {
  return typeof result === 'string'
    ? `${result}\n\n${text}`
    : [...result, { type: 'text', text: `\n\n${text}` }];
}

/** Wraps `tool` with the PreToolUse and PostToolUse hooks that match it (by name or declared effect). */
export function withToolHooks(tool: AnyTool, hooks: Hooks, context: ToolHookContext): AnyTool {
  if (!hooks.has('PreToolUse') && !hooks.has('PostToolUse')) return tool;
  return wrapTool(tool, async (args, call, next) => {
    const effects = effectsOf(tool, args).map((e) => e.kind);
    const target = { tool: tool.name, effects };
    const input = { session_id: context.sessionId(), tool_name: tool.name, tool_input: hookToolInput(args) };
    const pre = await hooks.run('PreToolUse', input, target, call.signal);
    if (pre.decision === 'deny')
      throw new ToolError(
        `a PreToolUse hook blocked this ${tool.name} call, so it was not run: ${pre.reason ?? 'it gave no reason'} (the hook ${pre.command} in ${pre.source})`,
      );
    const run = () => next(args, call);
    let result =
      pre.decision === 'allow' || pre.decision === 'ask'
        ? await context.withVerdict(
            {
              tool: tool.name,
              decision: pre.decision,
              hook: pre.hook ?? hookName('PreToolUse', ''),
              source: pre.source ?? '',
            },
            run,
          )
        : await run();
    if (pre.context.length > 0) result = appended(result, pre.context.join('\n\n'));
    const post = await hooks.run('PostToolUse', { ...input, tool_response: result }, target, call.signal);
    const notes = [
      ...(post.decision === 'deny'
        ? [`[the ${post.hook} in ${post.source} says about this result] ${post.reason ?? ''}`.trim()]
        : []),
      ...post.context,
    ];
    return notes.length > 0 ? appended(result, notes.join('\n\n')) : result;
  });
}
