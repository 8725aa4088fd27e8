import { type Dirent, readdirSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { isInside } from '../paths/is-inside.ts';
import type { SkillFile } from './skill-from-frontmatter.ts';

/** A folder that may be a skill: where it is, and what the scan knows of its place. */
export type SkillFolder = Omit<SkillFile, 'location'> & { readonly baseDir: string };

import type { SkillWarning } from './skill-warning.ts';

/**
 * The skill folder candidates one level under the given skills directories, in
 * precedence order (directory order, then entry name): every subdirectory,
 * or symlink, whose `SKILL.md` may exist (the reader finds out). Missing
 * directories are skipped silently; one that cannot be listed is a warning.
 * Each skill's directory is judged by where it really lives (symlinks
 * resolved) for whether it is in the project and whether it comes from a
 * dependency (`node_modules`).
 */
export function listSkillFiles(
  dirs: readonly string[],
  root: string,
  warnings: SkillWarning[],
): SkillFolder[] {
  const realRoot = realOrSelf(root);
  const files: SkillFolder[] = [];
  for (const dir of dirs) {
    const entries = entriesOf(dir, warnings);
    if (entries.length === 0) continue;
    const realDir = realOrSelf(dir);
    for (const entry of entries) {
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      const baseDir = join(dir, entry.name);
      const real = entry.isSymbolicLink() ? realOrSelf(baseDir) : join(realDir, entry.name);
      files.push({
        baseDir,
        source: dir,
        inProject: isInside(real, realRoot),
        fromDependency: real.split(sep).includes('node_modules'),
      });
    }
  }
  return files;
}

function entriesOf(dir: string, warnings: SkillWarning[]): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      warnings.push({
        location: dir,
        severity: 'warning',
        rule: 'directory',
        message: `cannot list this skills directory (${code ?? error}); skipped`,
      });
    }
    return [];
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
