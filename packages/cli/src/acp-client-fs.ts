// File writes through the editor when the client offers its filesystem
// (`fs/read_text_file`, `fs/write_text_file`): write and edit then read the
// editor's text of the file (unsaved changes included) and hand the new text
// to the editor, which saves it and shows it in its buffer. Everything that
// decides whether a write may happen stays kodama's and comes first: the
// workspace's resolution of the path (inside the root, no credential file,
// nothing under .git), the permission rules, the review of the diff.
import * as acp from '@agentclientprotocol/sdk';
import { type AnyTool, effectOfKind, effectsOf, ToolError, wrapTool } from '@kodama/core';
import type { EditReviewer } from './interactive-edit-review.ts';

/** The client, its session and what its filesystem offers. */
export interface ClientFs {
  readonly client: acp.AgentContext;
  readonly sessionId: string;
  readonly read: boolean;
  readonly write: boolean;
}

/** The file's text as the editor has it; undefined when it cannot give it (no such file). */
export async function clientReadText(fs: ClientFs, path: string): Promise<string | undefined> {
  try {
    const { content } = await fs.client.request(acp.methods.client.fs.readTextFile, {
      sessionId: fs.sessionId,
      path,
    });
    return content;
  } catch {
    return undefined;
  }
}

/**
 * The assistant's edit review (`review`) over write and edit tools whose
 * reads (for the diff) and writes go through the editor as far as `fs`
 * offers. The path is resolved by the workspace first: a path it refuses
 * is never sent to the client.
 */
export function clientFsReviewer(fs: ClientFs, review: EditReviewer): EditReviewer {
  return (tool, readText, resolvePath) => {
    const read = fs.read ? async (path: string) => clientReadText(fs, await resolvePath(path)) : readText;
    return review(fs.write ? writeThroughClient(tool, fs, read, resolvePath) : tool, read, resolvePath);
  };
}

/** `tool` whose file write is made by the client: the tool's own preview of the text the editor has. */
function writeThroughClient(
  tool: AnyTool,
  fs: ClientFs,
  read: (path: string) => Promise<string | undefined>,
  resolvePath: (path: string) => Promise<string>,
): AnyTool {
  return wrapTool(tool, async (args, context, next) => {
    const write = effectOfKind(effectsOf(tool, args), 'writesFile');
    if (write === undefined) return next(args, context);
    let real: string;
    try {
      real = await resolvePath(write.path);
    } catch {
      // The tool reports the workspace's refusal in its own words.
      return next(args, context);
    }
    const before = await read(write.path);
    const after = write.preview(before);
    // A call that would fail or change nothing goes to the tool, which says why.
    if (after === undefined || after === before) return next(args, context);
    try {
      await fs.client.request(acp.methods.client.fs.writeTextFile, {
        sessionId: fs.sessionId,
        path: real,
        content: after,
      });
    } catch (error) {
      throw new ToolError(
        `the editor did not write ${write.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return `${before === undefined ? 'Created' : 'Wrote'} ${write.path} through the editor (${Buffer.byteLength(after)} bytes)`;
  });
}
