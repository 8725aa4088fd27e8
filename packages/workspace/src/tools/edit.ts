import { type AnyTool, defineTool, params, ToolError } from '@kodama/core';
import { atomicWrite } from '../fs/atomic-write.ts';
import { openForRead } from '../fs/open-for-read.ts';
import { withPathLock } from '../fs/path-lock.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { editArgsProblem, editedText } from './edit-text.ts';
import { writerLegs } from './legs.ts';
import { toToolError } from './observe.ts';

const parameters = params()
  .requiredString('path', 'File to edit, relative to the project root or absolute')
  .requiredString('old_string', 'Exact text to replace, including whitespace and indentation')
  .requiredString('new_string', 'Text to put in its place')
  .optionalBoolean(
    'replace_all',
    'Replace every occurrence (default false: old_string must occur exactly once)',
  );

const DESCRIPTION = `Replaces exact text in a file of the workspace.
Usage:
- old_string must match the file exactly (whitespace and indentation included); read the file first.
- Without replace_all, old_string must occur exactly once; add surrounding lines to make it unique.
- Files whose lines all end in CRLF keep them; write old_string and new_string with plain newlines.`;

async function readText(workspace: Workspace, real: string): Promise<string> {
  const handle = await openForRead(workspace, real);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** The `edit` tool: exact replacement, CRLF-aware, atomic, serialized per path. */
export function editTool(workspace: Workspace): AnyTool {
  return defineTool({
    name: 'edit',
    description: DESCRIPTION,
    parameters,
    trifectaLegs: writerLegs(),
    sequential: true,
    effects: {
      kinds: ['writesFile'],
      // The review's preview is the edit itself: one implementation, one CRLF rule.
      of: (args) => [
        {
          kind: 'writesFile',
          path: args.path,
          preview: (before) => {
            if (before === undefined) return undefined;
            const edited = editedText(before, args, args.path);
            return edited.ok ? edited.text : undefined;
          },
        },
      ],
    },
    async execute(args) {
      const shownAs = args.path;
      const problem = editArgsProblem(args);
      if (problem !== undefined) throw new ToolError(problem);
      try {
        const real = await workspace.resolve(args.path, 'write');
        return await withPathLock(real, async () => {
          const original = await readText(workspace, real);
          const edited = editedText(original, args, shownAs);
          if (!edited.ok) throw new ToolError(edited.reason);
          // Another process may have changed the file since we read it: refuse rather than lose its change.
          if ((await readText(workspace, real)) !== original) {
            throw new ToolError(`${shownAs} changed while it was being edited; read it again and retry`);
          }
          await atomicWrite(real, edited.text);
          const count = edited.lines.length;
          return `Edited ${workspace.displayPath(real)}: replaced ${count} occurrence${count === 1 ? '' : 's'} (line${count === 1 ? '' : 's'} ${edited.lines.join(', ')})`;
        });
      } catch (error) {
        toToolError(error, shownAs);
      }
    },
  });
}
