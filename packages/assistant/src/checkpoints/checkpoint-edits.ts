import type { AnyTool } from '@kodama/core';
import type { FileCheckpoints } from './file-checkpoints.ts';

/** Turns a path the model gave into the absolute path the tool will write (the workspace's resolution). */
export type ResolveWritePath = (path: string) => Promise<string>;

/**
 * Wraps the `write` or `edit` tool so that the file is checkpointed (once per
 * turn) just before the tool runs, whoever approved it: the assistant's
 * review, `--yes`, or an allow rule. A path the workspace refuses is passed
 * straight to the tool, which reports the refusal.
 */
export function checkpointEdits(
  tool: AnyTool,
  resolvePath: ResolveWritePath,
  checkpoints: FileCheckpoints,
): AnyTool {
  return {
    // Every field of the tool (its per-call legsOf too); only execute is wrapped.
    ...tool,
    async execute(args, context) {
      const path = (args as { path?: unknown }).path;
      if (typeof path === 'string') {
        const real = await resolvePath(path).catch(() => undefined);
        if (real !== undefined) await checkpoints.record(real);
      }
      return tool.execute(args, context);
    },
  };
}
