import { createInterface } from 'node:readline';
import { type AnyTool, defineTool, params, ToolError, type ToolResult } from '@kodama/core';
import { BINARY_SAMPLE_BYTES, sniffFileKind } from '../fs/file-kind.ts';
import { openForRead } from '../fs/open-for-read.ts';
import { type Page, pageLines } from '../fs/page-lines.ts';
import { pdfText } from '../fs/pdf-text.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { readerLegs } from './legs.ts';
import { toToolError } from './observe.ts';

/** Lines shown when the model gives no limit. */
export const READ_DEFAULT_LIMIT = 2000;
/** Bytes of output per call, whichever of this and the line limit comes first. */
export const READ_MAX_BYTES = 50 * 1024;
/** Characters of one line before it is cut. */
export const READ_MAX_LINE_LENGTH = 2000;
/** Largest image returned as image content. */
export const READ_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest PDF whose text is extracted. */
export const READ_MAX_PDF_BYTES = 20 * 1024 * 1024;

const parameters = params()
  .requiredString('path', 'File to read, relative to the project root or absolute')
  .optionalInteger('offset', 'First line to show, 1-based (default 1)')
  .optionalInteger('limit', `Most lines to show (default ${READ_DEFAULT_LIMIT})`);

const DESCRIPTION = `Reads a file from the workspace and shows it as numbered lines (cat -n style).
Usage:
- Shows up to ${READ_DEFAULT_LIMIT} lines or ${READ_MAX_BYTES / 1024} KiB, whichever comes first; page on with offset.
- Lines longer than ${READ_MAX_LINE_LENGTH} characters are cut; use grep to search in them.
- Images (PNG, JPEG, GIF, WebP) come back as images; PDFs as their text, page by page.
- Directories are refused: use glob to list files. Binary files are refused.`;

function footer(page: Page, shownAs: string, fromPdf: boolean): string {
  if (!page.more) return '';
  const why = page.stoppedBy === 'bytes' ? `the ${READ_MAX_BYTES / 1024} KiB output limit` : 'the line limit';
  const source = fromPdf ? `the text of ${shownAs}` : shownAs;
  return `\n\n[... stopped at line ${page.lastLine} by ${why}; ${source} continues: call read with offset=${page.lastLine + 1} to see more]`;
}

/** The `read` tool over a workspace; `readText` gives a text file's text instead of the disk (see `WorkspaceToolsOptions.readText`). */
export function readTool(
  workspace: Workspace,
  options: { readonly readText?: (realPath: string) => Promise<string | undefined> } = {},
): AnyTool {
  return defineTool({
    name: 'read',
    description: DESCRIPTION,
    parameters,
    trifectaLegs: readerLegs(workspace),
    effects: { kinds: ['readsPath'], of: (args) => [{ kind: 'readsPath', path: args.path }] },
    async execute(args): Promise<ToolResult> {
      const offset = args.offset ?? 1;
      const limit = args.limit ?? READ_DEFAULT_LIMIT;
      if (offset < 1) throw new ToolError('offset is 1-based and must be at least 1');
      if (limit < 1) throw new ToolError('limit must be at least 1');
      const shownAs = args.path;
      try {
        const real = await workspace.resolve(args.path, 'read');
        const handle = await openForRead(workspace, real);
        try {
          const info = await handle.stat();
          if (info.isDirectory())
            throw new ToolError(`${shownAs} is a directory; use the glob tool to list its files`);
          if (!info.isFile()) throw new ToolError(`${shownAs} is not a regular file`);
          const sample = Buffer.alloc(Math.min(BINARY_SAMPLE_BYTES, info.size));
          await handle.read(sample, 0, sample.length, 0);
          const kind = sniffFileKind(sample);
          if (kind.kind === 'binary') {
            throw new ToolError(
              `${shownAs} is a binary file (${info.size} bytes); read shows text files only`,
            );
          }
          if (kind.kind === 'image') {
            if (info.size > READ_MAX_IMAGE_BYTES) {
              throw new ToolError(
                `${shownAs} is an image of ${info.size} bytes, over the ${READ_MAX_IMAGE_BYTES} byte limit`,
              );
            }
            const data = (await handle.readFile()).toString('base64');
            return [
              { type: 'text', text: `Image ${shownAs} (${kind.mediaType}, ${info.size} bytes)` },
              { type: 'image', data, mediaType: kind.mediaType },
            ];
          }
          if (info.size === 0) return `${shownAs} is empty`;
          const limits = { offset, limit, maxBytes: READ_MAX_BYTES, maxLineLength: READ_MAX_LINE_LENGTH };
          let page: Page;
          // An editor's text of a text file (kind and confinement were judged on disk above).
          const edited = kind.kind === 'pdf' ? undefined : await options.readText?.(real);
          // The editor's text may hold what the disk's did not: a token typed into an unsaved .npmrc.
          const secret = edited === undefined ? undefined : workspace.denylist.deniedByText(real, edited);
          if (secret) throw new ToolError(`${shownAs} is a credential file (${secret}); access is refused`);
          if (kind.kind === 'pdf') {
            if (info.size > READ_MAX_PDF_BYTES) {
              throw new ToolError(
                `${shownAs} is a PDF of ${info.size} bytes, over the ${READ_MAX_PDF_BYTES} byte limit`,
              );
            }
            const text = await pdfText(new Uint8Array(await handle.readFile())).catch((error: Error) => {
              throw new ToolError(`cannot extract text from the PDF ${shownAs}: ${error.message}`);
            });
            page = await pageLines(text.split('\n'), limits);
          } else if (edited !== undefined) {
            // Paged as a file's lines are: a last newline ends the last line.
            const lines = edited.split(/\r?\n/);
            if (lines.at(-1) === '') lines.pop();
            page = await pageLines(lines, limits);
          } else {
            const stream = handle.createReadStream({ start: 0, autoClose: false });
            const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
            try {
              page = await pageLines(lines, limits);
            } finally {
              lines.close();
              stream.destroy();
            }
          }
          if (page.lastLine < offset) {
            throw new ToolError(`offset ${offset} is past the end of ${shownAs} (${page.linesSeen} lines)`);
          }
          return page.text + footer(page, shownAs, kind.kind === 'pdf');
        } finally {
          await handle.close();
        }
      } catch (error) {
        toToolError(error, shownAs);
      }
    },
  });
}
