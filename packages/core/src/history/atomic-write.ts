import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Test seams of {@link writeFileAtomic}; production code passes none. */
export interface AtomicWriteHooks {
  /** Runs after the temp file is written and synced, before it is renamed into place. */
  readonly beforeRename?: (tempPath: string) => void | Promise<void>;
}

/**
 * Replaces `path` with `data` so that a reader (or a crash at any moment) sees
 * either the old file or the complete new one: write a temp file in the same
 * directory, fsync it, rename it over `path`, fsync the directory.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  hooks: AtomicWriteHooks = {},
): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await hooks.beforeRename?.(temp);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** Makes the rename itself durable. Best effort: some platforms refuse to fsync a directory. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the directory entry is a bonus; the file itself is already synced.
  }
}
