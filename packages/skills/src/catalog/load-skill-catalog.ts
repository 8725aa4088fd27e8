import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { listSkillFiles } from './list-skill-files.ts';
import { readSkillFolder } from './read-skill.ts';
import { skillDirectories } from './search-bases.ts';
import type { Skill } from './skill.ts';
import { SkillCatalog } from './skill-catalog.ts';
import type { SkillWarning } from './skill-warning.ts';

/** Where {@link loadSkillCatalog} looks. */
export interface LoadSkillCatalogOptions {
  /** The project root (the first search base). */
  readonly root: string;
  /** The second search base; default `os.homedir()`, `null` for none (tests, sandboxes). */
  readonly home?: string | null;
}

/**
 * Scans the search bases for skills: every `<dir>/SKILL.md` (or
 * `<dir>/skill.md`, as `skills-ref` accepts) one level under
 * `.kodama/skills`, `.claude/skills` and `.agents/skills` of the project
 * root, then of the home directory. Only frontmatter is read (bodies load
 * when the `skill` tool asks), with synchronous reads (see
 * `readFrontmatter`). Never throws for a skill's content: what is wrong
 * becomes a {@link SkillWarning} (an `error` where the Agent Skills format
 * says MUST), and only a skill with no description (or no frontmatter) is
 * skipped.
 */
export async function loadSkillCatalog(options: LoadSkillCatalogOptions): Promise<SkillCatalog> {
  const root = resolve(options.root);
  const home = options.home === null ? undefined : (options.home ?? homedir());
  const warnings: SkillWarning[] = [];
  const skills: Skill[] = [];
  for (const { baseDir, ...place } of listSkillFiles(skillDirectories(root, home), root, warnings)) {
    const reading = readSkillFolder(baseDir, place);
    if (!reading) continue;
    warnings.push(...reading.warnings);
    if (reading.skill) skills.push(reading.skill);
  }
  return new SkillCatalog(skills, warnings);
}
