import { readdir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { isInside } from '../paths/is-inside.ts';
import type { SkillFile } from './skill-from-frontmatter.ts';
import type { SkillWarning } from './skill-warning.ts';

/**
 * Every `SKILL.md` one level under the given skills directories, in
 * precedence order (directory order, then entry name). Missing directories
 * are skipped silently; an unreadable one is a warning. Each skill's
 * directory is resolved through symlinks to decide whether it lies in the
 * project and whether it comes from a dependency (`node_modules`).
 */
export async function listSkillFiles(
  dirs: readonly string[],
  root: string,
  warnings: SkillWarning[],
): Promise<SkillFile[]> {
  const realRoot = await realpath(root).catch(() => root);
  const perDir = await Promise.all(dirs.map((dir) => entriesOf(dir)));
  for (const listed of perDir) if (listed.warning) warnings.push(listed.warning);
  const candidates = dirs.flatMap((dir, i) => perDir[i]!.names.map((name) => ({ dir, name })));
  const files = await Promise.all(
    candidates.map(async ({ dir, name }): Promise<SkillFile | undefined> => {
      const baseDir = join(dir, name);
      const location = join(baseDir, 'SKILL.md');
      const info = await stat(location).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const real = await realpath(baseDir).catch(() => baseDir);
      return {
        location,
        source: dir,
        inProject: isInside(real, realRoot),
        fromDependency: real.split(sep).includes('node_modules'),
      };
    }),
  );
  return files.filter((f) => f !== undefined);
}

async function entriesOf(dir: string): Promise<{ names: string[]; warning?: SkillWarning }> {
  try {
    return { names: (await readdir(dir)).sort() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { names: [] };
    return {
      names: [],
      warning: { location: dir, message: `cannot list this skills directory (${code ?? error}); skipped` },
    };
  }
}
