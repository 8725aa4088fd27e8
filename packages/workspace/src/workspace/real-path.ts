import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { PathRefusedError } from './errors.ts';

const MAX_LINKS = 40; // what Linux allows before ELOOP

/**
 * The absolute, symlink-free path `abs` designates, also when it (or some of
 * its parents) does not exist yet: the longest existing prefix is resolved by
 * the kernel, a dangling symlink is followed by hand, and missing components
 * are appended. `abs` must already be absolute and normalized.
 */
export async function realPathOf(abs: string, hops = 0): Promise<string> {
  if (hops > MAX_LINKS) throw new PathRefusedError(`too many levels of symbolic links: ${abs}`);
  try {
    return await realpath(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new PathRefusedError(`too many levels of symbolic links: ${abs}`);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  const parent = dirname(abs);
  if (parent === abs) return abs;
  const realParent = await realPathOf(parent, hops + 1);
  const candidate = join(realParent, basename(abs));
  let isLink = false;
  try {
    isLink = (await lstat(candidate)).isSymbolicLink();
  } catch {
    return candidate; // does not exist (yet)
  }
  if (!isLink) return candidate;
  // A dangling symlink: where it points decides where a write would land.
  return realPathOf(resolve(realParent, await readlink(candidate)), hops + 1);
}

/** True when `path` is `root` or lies beneath it (both absolute and normalized). */
export function isInside(path: string, root: string): boolean {
  if (path === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return path.startsWith(prefix);
}
