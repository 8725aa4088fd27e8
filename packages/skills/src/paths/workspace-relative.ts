import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * A model-supplied path as a project-relative POSIX path, resolved against
 * `root` lexically: no realpath (a file about to be created does not exist
 * yet) and no symlink followed. `undefined` for anything that is not a
 * non-empty string, for the root itself, and for a path that lands outside
 * the root (it must not be matched against the wrong tree).
 */
export function workspaceRelative(root: string, supplied: unknown): string | undefined {
  if (typeof supplied !== 'string' || supplied.trim() === '' || supplied.includes('\0')) return undefined;
  const rel = relative(root, resolve(root, supplied));
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return sep === '/' ? rel : rel.split(sep).join('/');
}
