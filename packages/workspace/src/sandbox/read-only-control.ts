// `.git` and `.kodama` of each writable root are mounted read-only inside the
// sandbox: a command could otherwise plant `.git/hooks/pre-commit` or edit
// `.git/config` (`core.fsmonitor`, `core.hooksPath`) and have the user's next
// `git commit` on the host run it, or rewrite the project's kodama
// configuration. Reading them (git status, log, diff) still works.
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { isInside } from '../workspace/real-path.ts';

/** The control entries of a root that the sandbox mounts read-only. */
export const READ_ONLY_CONTROL_ENTRIES: readonly string[] = ['.git', '.kodama'];

/**
 * The host paths to mount read-only over the writable `roots`: each root's
 * `.git` and `.kodama`, and the `found` ones deeper down (nested repositories,
 * submodules and worktrees, from the denied-files scan); a directory, or a
 * file such as a worktree's `.git`; their real paths when they are symlinks;
 * and for a `.git` file (`gitdir: …`) the git directory it names and that
 * directory's common directory (where hooks and config live), when they lie
 * inside a writable root. Nothing absent is created on the host.
 */
export function readOnlyControlPaths(roots: readonly string[], found: readonly string[] = []): string[] {
  const out = new Set<string>();
  const writable = (path: string) => roots.some((root) => isInside(path, root));
  const candidates = [
    ...roots.flatMap((root) => READ_ONLY_CONTROL_ENTRIES.map((entry) => join(root, entry))),
    ...found.filter(writable),
  ];
  for (const path of candidates) {
    let info: ReturnType<typeof lstatSync>;
    try {
      info = lstatSync(path);
    } catch {
      continue; // absent: nothing to protect
    }
    out.add(path);
    const real = safeRealpath(path);
    if (real && real !== path && writable(real)) out.add(real);
    if (basename(path) === '.git' && !info.isDirectory() && real) {
      for (const dir of gitDirsOfFile(real)) if (writable(dir)) out.add(dir);
    }
  }
  // Parents first, so a nested path is bound after (on top of) its parent.
  return [...out].sort((a, b) => a.length - b.length);
}

function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined; // a dangling symlink: the path itself is still covered
  }
}

/** `gitdir: <dir>` of a `.git` file, and `<dir>/commondir` resolved, when they exist. */
function gitDirsOfFile(gitFile: string): string[] {
  let text: string;
  try {
    text = readFileSync(gitFile, 'utf8').slice(0, 4096);
  } catch {
    return [];
  }
  const named = /^gitdir:\s*(.+?)\s*$/m.exec(text)?.[1];
  if (!named) return [];
  const gitDir = safeRealpath(isAbsolute(named) ? named : resolve(dirname(gitFile), named));
  if (!gitDir) return [];
  const dirs = [gitDir];
  try {
    const common = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
    const commonDir = safeRealpath(isAbsolute(common) ? common : resolve(gitDir, common));
    if (commonDir && existsSync(commonDir)) dirs.push(commonDir);
  } catch {
    // a submodule's git dir has no commondir: its hooks are inside it
  }
  return dirs;
}
