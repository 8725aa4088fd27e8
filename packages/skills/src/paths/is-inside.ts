import { relative, sep } from 'node:path';

/** True when `path` is `dir` or lies under it (both absolute; compared lexically). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !/^[a-zA-Z]:|^[\\/]/.test(rel));
}
