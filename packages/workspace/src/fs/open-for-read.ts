import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, readlink } from 'node:fs/promises';
import { deniedHardLinkTarget } from '../workspace/denied-scan.ts';
import { PathRefusedError } from '../workspace/errors.ts';
import type { Workspace } from '../workspace/workspace.ts';

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Opens a resolved, checked path for reading and checks again what was
 * actually opened, closing the race where a component is swapped for a
 * symlink between `Workspace.resolve` and `open`: the last component is
 * opened with O_NOFOLLOW, and on Linux the descriptor's own path
 * (`/proc/self/fd/N`) is checked against the roots and the denylist.
 * O_NONBLOCK keeps `open` itself from hanging on a FIFO; anything but a
 * regular file or a directory is then refused. A regular file with more than
 * one hard link is refused when it is the same inode as a denied file in the
 * roots (found by a bounded scan, see `scanDenied`).
 */
export async function openForRead(workspace: Workspace, real: string): Promise<FileHandle> {
  let handle: FileHandle;
  const shownAs = workspace.displayPath(real);
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new PathRefusedError(`${shownAs} was replaced by a symbolic link; refused`);
    }
    throw error;
  }
  try {
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (opened !== undefined && opened !== real) workspace.check(opened, 'read', shownAs);
    const info = await handle.stat();
    if (!info.isFile() && !info.isDirectory()) {
      throw new PathRefusedError(`${shownAs} is ${kindOf(info)}; only regular files can be read`);
    }
    if (info.isFile() && info.nlink > 1) {
      const target = await deniedHardLinkTarget(workspace, info.dev, info.ino);
      if (target !== undefined) {
        throw new PathRefusedError(
          `${shownAs} is a hard link to the credential file ${workspace.displayPath(target)}; access is refused`,
        );
      }
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
