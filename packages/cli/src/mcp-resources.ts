import { fileURLToPath, pathToFileURL } from 'node:url';
import { ResourceRefused, type ResourceSource } from '@kodama/mcp';
import { listConfined, PathRefusedError, readConfined, type Workspace } from '@kodama/workspace';

/** How many files `resources/list` names at most (a client reads any other by its URI). */
const LIST_LIMIT = 1000;
/** The largest file `resources/read` hands back, in bytes. */
const READ_LIMIT = 8 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The workspace's files as read-only MCP resources (`file://` URIs of their
 * real paths): listed without following links or naming denylisted files,
 * and every read confined as the read tool's is (`readConfined`: the roots
 * by real path, the credential denylist, no symlink or hard-link escape).
 * A file that is valid UTF-8 comes back as text, any other as a blob.
 */
export function workspaceResources(workspace: Workspace): ResourceSource {
  return {
    list: async () =>
      (await listConfined(workspace, LIST_LIMIT)).map((path) => ({
        uri: pathToFileURL(`${workspace.projectRoot}/${path}`).href,
        name: path,
      })),
    read: async (uri) => {
      let path: string;
      try {
        const url = new URL(uri);
        if (url.protocol !== 'file:' || url.host !== '') throw new Error('not a local file: URI');
        path = fileURLToPath(url);
      } catch (error) {
        throw new ResourceRefused(
          `${uri}: only file:// URIs of the workspace are served (${(error as Error).message})`,
        );
      }
      let bytes: Buffer;
      try {
        ({ bytes } = await readConfined(workspace, path, READ_LIMIT));
      } catch (error) {
        if (error instanceof PathRefusedError) throw new ResourceRefused(error.message);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new ResourceRefused(`${workspace.displayPath(path)}: no such file`, true);
        throw error;
      }
      try {
        return [{ uri, mimeType: 'text/plain', text: utf8.decode(bytes) }];
      } catch {
        return [{ uri, mimeType: 'application/octet-stream', blob: bytes.toString('base64') }];
      }
    },
  };
}
