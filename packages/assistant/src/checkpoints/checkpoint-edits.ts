import { type AnyTool, effectsOf, wrapTool } from '@kodama/core';
import type { FileCheckpoints } from './file-checkpoints.ts';

/** Turns a path the model gave into the absolute path the tool will write (the workspace's resolution). */
export type ResolveWritePath = (path: string) => Promise<string>;

/**
 * Wraps a tool that writes files (the workspace's `write` and `edit`) so that
 * each file its call declares it writes (a `writesFile` effect) is
 * checkpointed (once per turn) just before the tool runs, whoever approved
 * it: the assistant's review, `--yes`, or an allow rule. A path the workspace
 * refuses is passed straight to the tool, which reports the refusal; a call
 * that declares no write is not checkpointed.
 */
export function checkpointEdits(
  tool: AnyTool,
  resolvePath: ResolveWritePath,
  checkpoints: FileCheckpoints,
): AnyTool {
  return wrapTool(tool, async (args, context, next) => {
    for (const effect of effectsOf(tool, args)) {
      if (effect.kind !== 'writesFile') continue;
      const real = await resolvePath(effect.path).catch(() => undefined);
      if (real !== undefined) await checkpoints.record(real);
    }
    return next(args, context);
  });
}
