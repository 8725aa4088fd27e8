import { type AnyTool, ToolError } from '@kodama/core';
import { diffStat, unifiedDiff } from '../render/diff.ts';
import type { Confirmer } from './confirm-types.ts';

/** Reads a file of the project as text for a preview; undefined when it does not exist. */
export type ReadText = (path: string) => Promise<string | undefined>;

interface EditArgs {
  readonly path: string;
  readonly old_string?: string;
  readonly new_string?: string;
  readonly replace_all?: boolean;
  readonly content?: string;
}

/** The file's text after the call, as the edit or write tool would leave it; undefined when the call will fail anyway. */
function proposed(name: string, args: EditArgs, before: string | undefined): string | undefined {
  if (name === 'write') return args.content;
  if (before === undefined || !args.old_string || args.new_string === undefined) return undefined;
  const text = before.replace(/\r\n/g, '\n');
  const oldString = args.old_string.replace(/\r\n/g, '\n');
  const at = text.indexOf(oldString);
  if (at < 0) return undefined;
  if (args.replace_all === true) return text.split(oldString).join(args.new_string);
  if (text.indexOf(oldString, at + oldString.length) >= 0) return undefined;
  return text.slice(0, at) + args.new_string + text.slice(at + oldString.length);
}

/**
 * Wraps the workspace's `write` or `edit` tool so that it asks first, showing
 * the change as a unified diff (`ConfirmRequest.detail`), and runs only on a
 * yes; a call that would fail anyway (text not found) goes straight to the
 * tool for its error. The wrapped tool must not ask again: build it with a
 * confirmer that approves.
 */
export function reviewEdits(tool: AnyTool, readText: ReadText, confirmer: Confirmer): AnyTool {
  return {
    ...tool, // every field the tool has, legsOf included; only execute differs
    async execute(args, context) {
      const a = args as EditArgs;
      const before = typeof a.path === 'string' ? await readText(a.path).catch(() => undefined) : undefined;
      const after = proposed(tool.name, a, before);
      if (after !== undefined && after !== before?.replace(/\r\n/g, '\n')) {
        const diff = unifiedDiff(before?.replace(/\r\n/g, '\n'), after);
        const { added, removed } = diffStat(diff);
        const verb = before === undefined ? 'create' : tool.name === 'write' ? 'overwrite' : 'edit';
        const approved = await confirmer.confirm(
          {
            tool: tool.name,
            title: `${verb} ${a.path} (+${added} -${removed})`,
            detail: diff,
            warnings: [],
            path: a.path,
          },
          context.signal,
        );
        if (!approved) throw new ToolError(`the user declined to ${verb} ${a.path}; the file is unchanged`);
      }
      return tool.execute(args, context);
    },
  };
}
