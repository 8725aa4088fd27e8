import { type AnyTool, effectOfKind, effectsOf, ToolError, wrapTool } from '@kodama/core';
import { diffStat, unifiedDiff } from '../render/diff.ts';
import type { Confirmer } from './confirm-types.ts';

/** Reads a file of the project as text for a preview; undefined when it does not exist. */
export type ReadText = (path: string) => Promise<string | undefined>;

const lf = (text: string): string => text.replace(/\r\n/g, '\n');

/**
 * Wraps a tool that writes a file (the workspace's `write` or `edit`: by its
 * declared `writesFile` effect, never its name) so that it asks first,
 * showing the change as a unified diff (`ConfirmRequest.detail`, the
 * effect's own `preview` of the new text), and runs only on a yes; a call
 * that would fail anyway (text not found) or changes nothing goes straight
 * to the tool. A call that declares no write runs as it is. The wrapped tool
 * must not ask again: build it with a confirmer that approves.
 */
export function reviewEdits(tool: AnyTool, readText: ReadText, confirmer: Confirmer): AnyTool {
  return wrapTool(tool, async (args, context, next) => {
    const write = effectOfKind(effectsOf(tool, args), 'writesFile');
    if (write === undefined) return next(args, context);
    const before = await readText(write.path).catch(() => undefined);
    const after = write.preview(before);
    if (after !== undefined && lf(after) !== (before === undefined ? undefined : lf(before))) {
      const diff = unifiedDiff(before === undefined ? undefined : lf(before), lf(after));
      const { added, removed } = diffStat(diff);
      // A call whose new text does not depend on the old one replaces the file (write); else it edits it.
      // not a tool name: the verbs of the question
      const verb =
        before === undefined ? 'create' : write.preview(undefined) === after ? 'overwrite' : 'edit';
      const approved = await confirmer.confirm(
        {
          tool: tool.name,
          effect: write.kind,
          title: `${verb} ${write.path} (+${added} -${removed})`,
          detail: diff,
          warnings: [],
          path: write.path,
        },
        context.signal,
      );
      if (!approved) throw new ToolError(`the user declined to ${verb} ${write.path}; the file is unchanged`);
    }
    return next(args, context);
  });
}
