import { join } from 'node:path';
import { type FrontmatterRead, readFrontmatter } from '../frontmatter/read-frontmatter.ts';
import { type SkillFile, type SkillReading, skillFromFrontmatter } from './skill-from-frontmatter.ts';

/** The file names a skill folder's instructions may have, in preference order (as `skills-ref` looks). */
export const SKILL_FILE_NAMES: readonly string[] = Object.freeze(['SKILL.md', 'skill.md']);

/** A skill folder's reading, or `undefined` when the folder holds no `SKILL.md` (it is not a skill). */
export type FolderReading = (SkillReading & { readonly location: string }) | undefined;

/**
 * Reads the skill in `baseDir`: its `SKILL.md`, or `skill.md` when there is
 * none, frontmatter only. A file that cannot be read, has no frontmatter or
 * leaves it unclosed is an error and the skill is skipped; everything else
 * is judged by {@link skillFromFrontmatter}.
 */
export function readSkillFolder(baseDir: string, place: Omit<SkillFile, 'location'>): FolderReading {
  for (const fileName of SKILL_FILE_NAMES) {
    const location = join(baseDir, fileName);
    let read: FrontmatterRead;
    try {
      read = readFrontmatter(location);
    } catch (error) {
      const message = `cannot be read (${errorText(error)}); skipped: check the file's permissions`;
      return { location, warnings: [{ location, severity: 'error', rule: 'unreadable', message }] };
    }
    if (read.kind === 'missing') continue;
    if (read.kind === 'yaml') return { location, ...skillFromFrontmatter({ ...place, location }, read.yaml) };
    const message =
      read.kind === 'none'
        ? 'no frontmatter (--- lines); skipped: start the file with a --- line, then "name:" and "description:" lines, then ---'
        : 'the frontmatter has no closing --- line; skipped: add a --- line after the last field';
    return { location, warnings: [{ location, severity: 'error', rule: 'frontmatter', message }] };
  }
  return undefined;
}

function errorText(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}
