import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PathRefusedError } from '../workspace/errors.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { openForRead } from './open-for-read.ts';

/** Folders {@link listConfined} does not walk: git's internals and installed dependencies. */
const SKIPPED = new Set(['.git', 'node_modules']);

/**
 * Up to `limit` regular files under the project root, as display paths
 * (relative to the root), in walk order: never through a symbolic link (a
 * link is neither listed nor followed), never a denylisted file or folder.
 * Listing shows names only; {@link readConfined} checks each read again.
 */
export async function listConfined(workspace: Workspace, limit: number): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable: not listed
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (found.length >= limit) return;
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink() || workspace.denylist.deniedReason(path) !== undefined) continue;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) await walk(path);
      } else if (entry.isFile()) found.push(workspace.displayPath(path));
    }
  };
  await walk(workspace.projectRoot);
  return found;
}

/**
 * The bytes of one file, read as the read tool reads: the path resolved and
 * checked (inside a readable root by its real path, so no symlink escape;
 * not denylisted by its requested or its real name), then opened with the
 * swap, hard-link and FIFO checks of `openForRead`. A folder is refused.
 *
 * @throws PathRefusedError when the path is refused or the file is over `maxBytes`.
 */
export async function readConfined(
  workspace: Workspace,
  path: string,
  maxBytes: number,
): Promise<{ readonly real: string; readonly bytes: Buffer }> {
  const real = await workspace.resolve(path, 'read');
  const handle = await openForRead(workspace, real);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new PathRefusedError(`${path} is a folder; only files can be read`);
    if (info.size > maxBytes) throw new PathRefusedError(`${path} is over ${maxBytes} bytes`);
    return { real, bytes: await handle.readFile() };
  } finally {
    await handle.close();
  }
}
