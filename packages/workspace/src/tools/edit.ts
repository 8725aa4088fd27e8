import { type AnyTool, defineTool, params, ToolError } from '@kodama/core';
import { atomicWrite } from '../fs/atomic-write.ts';
import { openForRead } from '../fs/open-for-read.ts';
import { withPathLock } from '../fs/path-lock.ts';
import type { Workspace } from '../workspace/workspace.ts';
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

/** 1-based line numbers of each occurrence of `needle` in `text`. */
function occurrences(text: string, needle: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
    for (let i = text.indexOf('\n', scanned); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
    scanned = at;
    lines.push(line);
  }
  return lines;
}

/** True when the text has line endings and every one of them is CRLF. */
function allLineEndingsCrlf(text: string): boolean {
  const lf = text.split('\n').length - 1;
  return lf > 0 && text.split('\r\n').length - 1 === lf;
}

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
    async execute(args) {
      const shownAs = args.path;
      if (args.old_string === '')
        throw new ToolError('old_string is empty; to create a file use the write tool');
      if (args.old_string === args.new_string)
        throw new ToolError('old_string and new_string are the same; nothing to do');
      try {
        const real = await workspace.resolve(args.path, 'write');
        return await withPathLock(real, async () => {
          const original = await readText(workspace, real);
          if (original.includes('\0'))
            throw new ToolError(`${shownAs} is a binary file; edit changes text files only`);
          // LF space only when every line ending is CRLF: a mixed file is matched and written as it is.
          const crlf = allLineEndingsCrlf(original);
          const toLf = (s: string) => (crlf ? s.replace(/\r\n/g, '\n') : s);
          const text = toLf(original);
          const oldString = toLf(args.old_string);
          const newString = toLf(args.new_string);
          const found = occurrences(text, oldString);
          if (found.length === 0) {
            throw new ToolError(
              `old_string was not found in ${shownAs}; it must match exactly, including whitespace and indentation. Read the file and copy the text.`,
            );
          }
          if (found.length > 1 && args.replace_all !== true) {
            throw new ToolError(
              `old_string occurs ${found.length} times in ${shownAs} (lines ${found.join(', ')}); add surrounding context to make it unique, or set replace_all to true`,
            );
          }
          // split/join and slicing: String.replace would interpret `$&` in new_string.
          let result: string;
          if (args.replace_all === true) result = text.split(oldString).join(newString);
          else {
            const at = text.indexOf(oldString);
            result = text.slice(0, at) + newString + text.slice(at + oldString.length);
          }
          if (crlf) result = result.replace(/\n/g, '\r\n');
          // Another process may have changed the file since we read it: refuse rather than lose its change.
          if ((await readText(workspace, real)) !== original) {
            throw new ToolError(`${shownAs} changed while it was being edited; read it again and retry`);
          }
          await atomicWrite(real, result);
          const count = args.replace_all === true ? found.length : 1;
          return `Edited ${workspace.displayPath(real)}: replaced ${count} occurrence${count === 1 ? '' : 's'} (line${count === 1 ? '' : 's'} ${found.slice(0, count).join(', ')})`;
        });
      } catch (error) {
        toToolError(error, shownAs);
      }
    },
  });
}
