import { lstat, readFile } from 'node:fs/promises';
import { type AnyTool, defineTool, params, ToolError } from '@kodama/core';
import type { Confirmer } from '../confirm/confirmer.ts';
import { sanitizeForDisplay } from '../confirm/sanitize.ts';
import { atomicWrite } from '../fs/atomic-write.ts';
import { withPathLock } from '../fs/path-lock.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { writerLegs } from './legs.ts';
import { toToolError } from './observe.ts';

const parameters = params()
  .requiredString('path', 'File to write, relative to the project root or absolute')
  .requiredString('content', 'The complete new content of the file');

const DESCRIPTION = `Writes a file in the workspace, creating parent directories as needed.
Usage:
- Replaces the whole file; to change part of a file, prefer the edit tool.
- Overwriting an existing file with different content asks the user first.
- Writing the content a file already has is refused as a no-op.`;

async function currentContent(real: string, shownAs: string): Promise<Buffer | undefined> {
  try {
    // Checked first: reading a FIFO would block forever.
    const info = await lstat(real);
    if (info.isDirectory()) throw new ToolError(`${shownAs} is a directory`);
    if (!info.isFile())
      throw new ToolError(`${shownAs} is not a regular file; write replaces regular files only`);
    return await readFile(real);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The `write` tool: atomic, confirmed overwrites, serialized per path. */
export function writeTool(workspace: Workspace, confirmer: Confirmer): AnyTool {
  return defineTool({
    name: 'write',
    description: DESCRIPTION,
    parameters,
    trifectaLegs: writerLegs(),
    sequential: true,
    effects: {
      kinds: ['writesFile'],
      // Writing the text the file already has is refused: no change to preview.
      of: (args) => [
        {
          kind: 'writesFile',
          path: args.path,
          preview: (before) => (before === args.content ? undefined : args.content),
        },
      ],
    },
    async execute(args, context) {
      const shownAs = args.path;
      try {
        const real = await workspace.resolve(args.path, 'write');
        return await withPathLock(real, async () => {
          const next = Buffer.from(args.content, 'utf8');
          const old = await currentContent(real, shownAs);
          if (old?.equals(next))
            throw new ToolError(`${shownAs} already has exactly this content; nothing was written`);
          if (old) {
            const display = sanitizeForDisplay(workspace.displayPath(real));
            const approved = await confirmer.confirm(
              {
                tool: 'write',
                title: `overwrite ${display.text}: ${old.length} → ${next.length} bytes?`,
                detail: '',
                warnings: display.warnings,
              },
              context.signal,
            );
            if (!approved)
              throw new ToolError(`user declined to overwrite ${shownAs}; the file is unchanged`);
          }
          await atomicWrite(real, next);
          return `${old ? 'Overwrote' : 'Created'} ${workspace.displayPath(real)} (${next.length} bytes)`;
        });
      } catch (error) {
        toToolError(error, shownAs);
      }
    },
  });
}
