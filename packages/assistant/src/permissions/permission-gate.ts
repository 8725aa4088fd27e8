import { type AnyTool, ToolError } from '@kodama/core';
import type { Confirmer } from '../confirm/confirm-types.ts';
import type { PermissionSubject } from './permission-rule.ts';
import type { PermissionRules } from './permission-rules.ts';

/**
 * The tools that ask the assistant's confirmer themselves, where the rules
 * are consulted (bash; write and edit through `reviewEdits`): the gate lets
 * their allow and ask rules to that confirmer, so nothing is asked twice.
 */
export const SELF_CONFIRMING_TOOLS: ReadonlySet<string> = new Set(['bash', 'write', 'edit']);

/** What the rules match in a call's arguments: bash's command, a file tool's path. */
export function callSubject(tool: string, args: unknown): PermissionSubject {
  const a = (args ?? {}) as { command?: unknown; path?: unknown };
  return {
    tool,
    ...(typeof a.command === 'string' ? { command: a.command } : {}),
    ...(typeof a.path === 'string' ? { path: a.path } : {}),
  };
}

/** Longest argument text shown in a question the gate asks. */
const MAX_DETAIL = 2000;

/**
 * Wraps a tool so that the permission rules apply to every call of it,
 * whoever built it (a workspace tool, an MCP server's tool added at runtime,
 * an extension's): a call they deny fails before it runs, with a message
 * naming the rule and its file, so `--yes` still honours the denials. For a
 * tool that does not ask on its own (anything but
 * {@link SELF_CONFIRMING_TOOLS}), a call an `ask` rule matches is put to
 * `confirmer` first and fails when declined; allowed calls and calls no rule
 * matches run as the tool would. Without a confirmer, `ask` rules of those
 * tools are refused (nobody can answer).
 */
export function permissionGate(tool: AnyTool, rules: PermissionRules, confirmer?: Confirmer): AnyTool {
  const asksItself = SELF_CONFIRMING_TOOLS.has(tool.name);
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    trifectaLegs: tool.trifectaLegs,
    sequential: tool.sequential,
    async execute(args, context) {
      const subject = callSubject(tool.name, args);
      const ruled = rules.decide(subject);
      if (ruled?.decision === 'deny')
        throw new ToolError(
          `the permission rule "${ruled.rule}" in ${ruled.source} denies this call; it was not run. Do not retry it; find another way or ask the user`,
        );
      if (ruled?.decision === 'ask' && !asksItself) {
        const detail = JSON.stringify(args ?? {});
        const approved =
          confirmer !== undefined &&
          (await confirmer.confirm(
            {
              tool: tool.name,
              title: `run ${tool.name}? (the rule "${ruled.rule}" in ${ruled.source} asks first)`,
              detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail,
              warnings: [],
              ...(subject.path !== undefined ? { path: subject.path } : {}),
            },
            context.signal,
          ));
        if (!approved)
          throw new ToolError(
            `the user did not approve this ${tool.name} call (the rule "${ruled.rule}" asks first); it was not run`,
          );
      }
      return tool.execute(args, context);
    },
  };
}
