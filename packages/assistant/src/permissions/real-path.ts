import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const MAX_LINKS = 40;

/**
 * The absolute, symlink-free path `abs` designates, also when it (or some of
 * its parents) does not exist yet: the longest existing prefix is resolved by
 * the kernel, a dangling symlink is followed, missing parts are appended (the
 * workspace's `realPathOf`, synchronous, for rules). Never throws: a loop or
 * an unreadable link gives the path as far as it could be resolved.
 */
export function realPathSync(abs: string, hops = 0): string {
  if (hops > MAX_LINKS) return abs;
  try {
    return realpathSync.native(abs);
  } catch {
    // not there (yet), or not readable: resolve the parent and append
  }
  const parent = dirname(abs);
  if (parent === abs) return abs;
  const candidate = join(realPathSync(parent, hops + 1), basename(abs));
  try {
    if (!lstatSync(candidate).isSymbolicLink()) return candidate;
    return realPathSync(resolve(dirname(candidate), readlinkSync(candidate)), hops + 1);
  } catch {
    return candidate;
  }
}

/** How a path a tool was given is judged: where it really is, and how it was written. */
export interface PathViews {
  /** The real path (after `.`, `..` and symlinks), `/`-separated, relative to the real root; absolute when outside it. */
  readonly real: string;
  /** The absolute real path. */
  readonly realAbsolute: string;
  /** The path as written, normalized (`.`, `..`) but not through symlinks, relative to the root when inside it. */
  readonly written: string;
}

/** `abs` relative to `root` with `/` separators when inside it, else `abs` itself. */
export function insideOrAbsolute(abs: string, root: string): string {
  const rel = relative(root, abs);
  const inside = rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
  return (inside ? rel || '.' : abs).split(sep).join('/');
}

/** Resolves a tool's path (relative to `root`, or absolute) for the rules. */
export function pathViews(path: string, root: string): PathViews {
  const abs = resolve(root, path);
  const realAbsolute = realPathSync(abs);
  return {
    real: insideOrAbsolute(realAbsolute, realPathSync(resolve(root))),
    realAbsolute,
    written: insideOrAbsolute(abs, resolve(root)),
  };
}
