import { constants } from 'node:fs';
import { type FileHandle, open, readlink } from 'node:fs/promises';
import { PathRefusedError } from '../workspace/errors.ts';
import type { Workspace } from '../workspace/workspace.ts';

/**
 * Opens a resolved, checked path for reading and checks again what was
 * actually opened, closing the race where a component is swapped for a
 * symlink between `Workspace.resolve` and `open`: the last component is
 * opened with O_NOFOLLOW, and on Linux the descriptor's own path
 * (`/proc/self/fd/N`) is checked against the roots and the denylist.
 */
export async function openForRead(workspace: Workspace, real: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new PathRefusedError(`${workspace.displayPath(real)} was replaced by a symbolic link; refused`);
    }
    throw error;
  }
  try {
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (opened !== undefined && opened !== real) workspace.check(opened, 'read', workspace.displayPath(real));
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
