import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { readSkillFolder, SKILL_FILE_NAMES } from '../catalog/read-skill.ts';
import type { Skill } from '../catalog/skill.ts';
import type { SkillWarning } from '../catalog/skill-warning.ts';
import { checkSkillLinks } from './check-skill-links.ts';

/** What {@link validateSkill} found: the skill as kodama would load it, and every problem. */
export interface SkillValidation {
  /** The `SKILL.md` read, or the folder when it holds none. */
  readonly location: string;
  /** The skill as the catalog would hold it; absent when it would be skipped. */
  readonly skill?: Skill;
  /** Errors and warnings, in the order found. */
  readonly problems: readonly SkillWarning[];
  /** True when no problem is an error: the skill follows every MUST of the Agent Skills format. */
  readonly valid: boolean;
}

/**
 * Validates one skill folder (or its `SKILL.md`) as the Agent Skills
 * format says, like `skills-ref validate`: the frontmatter rules the
 * catalog applies, and, reading the body, links to the folder's files that
 * do not exist (with the files that do). Never throws: a path that is no
 * skill folder is an invalid result saying so.
 */
export async function validateSkill(path: string): Promise<SkillValidation> {
  let dir = resolve(path);
  if (SKILL_FILE_NAMES.includes(basename(dir)) && isFile(dir)) dir = dirname(dir);
  const reading = readSkillFolder(dir, { source: dirname(dir), inProject: true, fromDependency: false });
  if (!reading) {
    const message = `no SKILL.md in this folder: a skill is a folder holding a SKILL.md that starts with its frontmatter`;
    const problem: SkillWarning = { location: dir, severity: 'error', rule: 'frontmatter', message };
    return { location: dir, problems: [problem], valid: false };
  }
  const problems = [...reading.warnings];
  const { skill } = reading;
  if (skill) problems.push(...(await checkSkillLinks(skill)));
  return {
    location: reading.location,
    ...(skill ? { skill } : {}),
    problems,
    valid: !problems.some((p) => p.severity === 'error'),
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
