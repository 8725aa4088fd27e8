import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { readFrontmatter } from '../frontmatter/read-frontmatter.ts';
import { listSkillFiles } from './list-skill-files.ts';
import { skillDirectories } from './search-bases.ts';
import type { Skill } from './skill.ts';
import { SkillCatalog } from './skill-catalog.ts';
import { type SkillFile, skillFromFrontmatter } from './skill-from-frontmatter.ts';
import type { SkillWarning } from './skill-warning.ts';

/** Where {@link loadSkillCatalog} looks. */
export interface LoadSkillCatalogOptions {
  /** The project root (the first search base). */
  readonly root: string;
  /** The second search base; default `os.homedir()`, `null` for none (tests, sandboxes). */
  readonly home?: string | null;
}

/**
 * Scans the search bases for skills: every `<dir>/SKILL.md` one level under
 * `.kodama/skills`, `.claude/skills` and `.agents/skills` of the project
 * root, then of the home directory. Only frontmatter is read (bodies load
 * when the `skill` tool asks), with synchronous reads (see
 * `readFrontmatter`). Never throws for a skill's content: what is wrong
 * becomes a warning, and only a skill with no description (or no
 * frontmatter) is skipped.
 */
export async function loadSkillCatalog(options: LoadSkillCatalogOptions): Promise<SkillCatalog> {
  const root = resolve(options.root);
  const home = options.home === null ? undefined : (options.home ?? homedir());
  const warnings: SkillWarning[] = [];
  const skills: Skill[] = [];
  for (const file of listSkillFiles(skillDirectories(root, home), root, warnings)) {
    const reading = readSkill(file);
    warnings.push(...reading.warnings);
    if (reading.skill) skills.push(reading.skill);
  }
  return new SkillCatalog(skills, warnings);
}

function readSkill(file: SkillFile): { skill?: Skill; warnings: readonly SkillWarning[] } {
  let read: ReturnType<typeof readFrontmatter>;
  try {
    read = readFrontmatter(file.location);
  } catch (error) {
    return {
      warnings: [{ location: file.location, message: `cannot be read (${errorText(error)}); skipped` }],
    };
  }
  if (read.kind === 'missing') return { warnings: [] };
  if (read.kind === 'none') {
    return { warnings: [{ location: file.location, message: 'no frontmatter (--- lines); skipped' }] };
  }
  if (read.kind === 'unclosed') {
    return {
      warnings: [{ location: file.location, message: 'the frontmatter has no closing --- line; skipped' }],
    };
  }
  return skillFromFrontmatter(file, read.yaml);
}

function errorText(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}
