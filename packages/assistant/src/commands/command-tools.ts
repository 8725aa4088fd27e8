// A custom command's `allowed-tools`, for the one turn it starts: a call no
// listed rule allows fails before it runs (before any question), whatever the
// configuration's rules would say. It only narrows: a listed tool still goes
// through the permission gate and asks as it always does.
import { type AnyTool, effectsOf, ToolError, wrapTool } from '@kodama/core';
import { callSubject } from '../permissions/permission-gate.ts';
import { PermissionRules, ruleSource } from '../permissions/permission-rules.ts';
import { kindOfWord } from '../permissions/rule-words.ts';

/** `Bash(git diff:*)`, as Claude Code writes it, in this rule syntax: `bash(git diff:*)`. */
function ruleText(entry: string): string {
  const word = /^[A-Za-z_][\w-]*/.exec(entry)?.[0] ?? '';
  const lower = word.toLowerCase();
  return word !== lower && kindOfWord(lower) !== undefined ? lower + entry.slice(word.length) : entry;
}

/**
 * The rules of an `allowed-tools` list.
 *
 * @throws Error naming the entry that is not a rule.
 */
export function allowedToolRules(command: string, tools: readonly string[], root: string): PermissionRules {
  const source = ruleSource(`/${command}'s allowed-tools`, { allow: tools.map(ruleText) });
  return new PermissionRules([source], root);
}

/** The limit of the turn that runs now: set for a custom command's turn, cleared after it. */
export class TurnToolLimit {
  #limit:
    | { readonly command: string; readonly tools: readonly string[]; readonly rules: PermissionRules }
    | undefined;

  /** Limits the calls from now on to `tools` (rules in the permission syntax). */
  set(command: string, tools: readonly string[], root: string): void {
    this.#limit = { command, tools, rules: allowedToolRules(command, tools, root) };
  }

  clear(): void {
    this.#limit = undefined;
  }

  /** `tool`, refusing what the limit in effect does not allow. */
  wrap(tool: AnyTool): AnyTool {
    return wrapTool(tool, async (args, context, next) => {
      const limit = this.#limit;
      if (limit) {
        const subject = callSubject(tool.name, args, effectsOf(tool, args));
        if (limit.rules.decide(subject)?.decision !== 'allow')
          throw new ToolError(
            `/${limit.command} allows only ${limit.tools.join(', ')} (its allowed-tools), so this ${tool.name} call was refused, not run. Do the task with those tools, or say what you could not do`,
          );
      }
      return next(args, context);
    });
  }
}
