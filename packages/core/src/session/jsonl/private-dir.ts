import { lstat, mkdir } from 'node:fs/promises';
import { SessionStoreError } from '../errors.ts';

/**
 * Makes sure `dir` is a directory only its owner can enter: created with mode
 * 0700 (parents too) when missing; refused when it is a symbolic link, not a
 * directory, or open to group or others. Conversations hold whatever the user
 * and the tools saw, so they are never written where others can read them,
 * and an existing directory's mode is the user's to change, not ours.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new SessionStoreError(dir, `cannot create the session directory (${code(error)})`, {
      cause: error,
    });
  }
  const info = await lstat(dir);
  if (info.isSymbolicLink()) throw new SessionStoreError(dir, 'the session directory is a symbolic link');
  if (!info.isDirectory()) throw new SessionStoreError(dir, 'the session directory is not a directory');
  if ((info.mode & 0o077) !== 0) {
    const mode = (info.mode & 0o777).toString(8);
    throw new SessionStoreError(
      dir,
      `the session directory is open to other users (mode ${mode}); make it private with chmod 700`,
    );
  }
}

function code(error: unknown): string {
  return (error as { code?: string }).code ?? String(error);
}
