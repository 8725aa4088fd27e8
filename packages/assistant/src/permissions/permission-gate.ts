import { type AnyTool, ToolError } from '@kodama/core';
import type { PermissionSubject } from './permission-rule.ts';
import type { PermissionRules } from './permission-rules.ts';

/** What the rules match in a call's arguments: bash's command, a file tool's path. */
export function callSubject(tool: string, args: unknown): PermissionSubject {
  const a = (args ?? {}) as { command?: unknown; path?: unknown };
  return {
    tool,
    ...(typeof a.command === 'string' ? { command: a.command } : {}),
    ...(typeof a.path === 'string' ? { path: a.path } : {}),
  };
}

/**
 * Wraps a tool so that a call the permission rules deny fails before it
 * runs, with a message naming the rule and its file; whatever else the
 * rules say is for the confirmer (`InlineConfirmer`), so `--yes` still
 * honours the denials.
 */
export function permissionGate(tool: AnyTool, rules: PermissionRules): AnyTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    trifectaLegs: tool.trifectaLegs,
    sequential: tool.sequential,
    execute(args, context) {
      const ruled = rules.decide(callSubject(tool.name, args));
      if (ruled?.decision === 'deny')
        throw new ToolError(
          `the permission rule "${ruled.rule}" in ${ruled.source} denies this call; it was not run. Do not retry it; find another way or ask the user`,
        );
      return tool.execute(args, context);
    },
  };
}
