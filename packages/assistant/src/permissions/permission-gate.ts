import { type AnyTool, effectOfKind, effectsOf, type ToolEffect, ToolError, wrapTool } from '@kodama/core';
import type { Confirmer } from '../confirm/confirm-types.ts';
import { planModeRefusal } from './permission-mode.ts';
import { type PermissionSubject, subjectKind } from './permission-rule.ts';
import type { PermissionRules } from './permission-rules.ts';
import { kindOfWord, wordFor } from './rule-words.ts';

/**
 * What the rules match in a call, from its declared effects: the command a
 * `runsCommand` call runs, the path a `writesFile` or `readsPath` call names
 * (a call with several is judged by the weightiest: command, then write,
 * then read). A tool that declares none is matched by its name, with the
 * `command` or `path` of its arguments (see `subjectKind`).
 */
export function callSubject(
  tool: string,
  args: unknown,
  effects: readonly ToolEffect[] = [],
): PermissionSubject {
  const command = effectOfKind(effects, 'runsCommand');
  if (command !== undefined) return { tool, effect: command.kind, command: command.command };
  const file = effectOfKind(effects, 'writesFile') ?? effectOfKind(effects, 'readsPath');
  if (file !== undefined) return { tool, effect: file.kind, path: file.path };
  const a = (args ?? {}) as { command?: unknown; path?: unknown };
  return {
    tool,
    ...(typeof a.command === 'string' ? { command: a.command } : {}),
    ...(typeof a.path === 'string' ? { path: a.path } : {}),
  };
}

/**
 * True when the call's tool puts it to the assistant's confirmer itself,
 * where the rules are consulted: the workspace's own bash (it asks before
 * running a command) and write and edit (they ask through `reviewEdits`).
 * Only those: another tool that declares `runsCommand` or `writesFile` (an
 * extension's, an MCP server's) is asked about here, since nothing promises
 * that it asks on its own.
 */
function asksItself(subject: PermissionSubject): boolean {
  const kind = subjectKind(subject);
  return (kind === 'runsCommand' || kind === 'writesFile') && kindOfWord(subject.tool) === kind;
}

/** Longest argument text shown in a question the gate asks. */
const MAX_DETAIL = 2000;

/**
 * Wraps a tool so that the permission rules apply to every call of it,
 * whoever built it (a workspace tool, an MCP server's tool added at runtime,
 * an extension's): a call they deny fails before it runs, with a message
 * naming the rule and its file, so `--yes` still honours the denials. For a
 * call its tool does not ask about on its own (anything but a call that
 * runs a command or writes a file, see `asksItself`), a call an `ask` rule matches is put to
 * `confirmer` first and fails when declined; allowed calls and calls no rule
 * matches run as the tool would. Without a confirmer, `ask` rules of those
 * tools are refused (nobody can answer).
 *
 * A call that writes a control file (`RuledDecision.protected`: `.git/**`,
 * `.kodama/**`, `.mcp.json`, `.github/workflows/**`, the user's
 * configuration; for bash, a command that names one) is put to `person`, a
 * confirmer that reaches a real person, also under `--yes` (when `confirmer`
 * approves everything) and whatever allow rules say. When `person` is the
 * tool's own confirmer (`confirmer === person`, a tool that asks itself) the
 * tool's own question is that question (the rules make it ask), so nothing
 * is asked twice. Without a person (headless) it is refused, unless the
 * rules allow it (an allow rule names exactly that file or command, and
 * `PermissionRules` was told no person can be asked).
 */
export function permissionGate(
  tool: AnyTool,
  rules: PermissionRules,
  confirmer?: Confirmer,
  person?: Confirmer,
): AnyTool {
  // Every field of the tool (its effects, per-call legsOf, sequential) is kept; only execute is wrapped.
  return wrapTool(tool, async (args, context, next) => {
    const subject = callSubject(tool.name, args, effectsOf(tool, args));
    const kind = subjectKind(subject);
    const ruled = rules.decide(subject);
    if (ruled?.decision === 'deny' && ruled.mode === 'plan') throw new ToolError(planModeRefusal(tool.name));
    if (ruled?.decision === 'deny')
      throw new ToolError(
        `the permission rule "${ruled.rule}" in ${ruled.source} denies this call; it was not run. Do not retry it; find another way or ask the user`,
      );
    const detail = (): string => {
      const text = JSON.stringify(args ?? {});
      return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
    };
    if (ruled?.protected !== undefined) {
      if (ruled.decision !== 'allow') {
        if (person === undefined)
          throw new ToolError(
            `${ruled.protected} is a control file (it decides what kodama, git or CI run); changing it needs a person's approval and none can be asked here, so this ${tool.name} call was refused, not run. Do not retry it; tell the user what you wanted to change. (The user can allow exactly this with a rule naming it, e.g. ${kind === 'runsCommand' ? `${wordFor(kind, tool.name)}(<the exact command>)` : `${wordFor('writesFile', tool.name)}(${ruled.protected})`}, in their configuration.)`,
          );
        if (!(asksItself(subject) && person === confirmer)) {
          const approved = await person.confirm(
            {
              tool: tool.name,
              title: `${tool.name} changes the control file ${ruled.protected} (it decides what kodama, git or CI run); allow it?`,
              detail: subject.command ?? detail(),
              warnings: [],
              ...(subject.path !== undefined ? { path: subject.path } : {}),
            },
            context.signal,
          );
          if (!approved)
            throw new ToolError(
              `the user did not approve this ${tool.name} call on the control file ${ruled.protected}; it was not run`,
            );
        }
      }
      return next(args, context);
    }
    if (ruled?.decision === 'ask' && !asksItself(subject)) {
      const approved =
        confirmer !== undefined &&
        (await confirmer.confirm(
          {
            tool: tool.name,
            title: `run ${tool.name}? (the rule "${ruled.rule}" in ${ruled.source} asks first)`,
            detail: detail(),
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
    return next(args, context);
  });
}
