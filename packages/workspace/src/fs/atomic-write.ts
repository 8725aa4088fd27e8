import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PathRefusedError } from '../workspace/errors.ts';

/**
 * Writes `data` to `real` atomically: a temp file in the same directory
 * (created with O_EXCL, never following a symlink), fsynced, given the old
 * file's mode, then renamed over the target. Readers see the old or the new
 * content, never a mix; a symlink planted at the target is replaced, not
 * followed. Missing parent directories are created first, and the parent is
 * re-resolved afterwards so a directory swapped for a symlink meanwhile is
 * refused.
 */
export async function atomicWrite(real: string, data: string | Buffer): Promise<void> {
  const dir = dirname(real);
  await mkdir(dir, { recursive: true });
  if ((await realpath(dir)) !== dir) {
    throw new PathRefusedError(
      `the directory of ${real} changed while writing (a symbolic link appeared); refused`,
    );
  }
  const mode = await stat(real).then(
    (s) => s.mode & 0o7777,
    () => undefined,
  );
  const temp = join(dir, `.${basename(real)}.${randomBytes(6).toString('hex')}.kodama-tmp`);
  const handle = await open(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o666,
  );
  try {
    try {
      await handle.writeFile(data);
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, real);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}
