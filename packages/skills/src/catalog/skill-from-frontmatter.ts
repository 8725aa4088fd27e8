import { basename, dirname } from 'node:path';
import { parseFrontmatter } from '../frontmatter/parse-frontmatter.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, NAME_PATTERN } from './limits.ts';
import { pathsGate } from './paths-gate.ts';
import type { Skill } from './skill.ts';
import type { SkillWarning } from './skill-warning.ts';

/** Where a `SKILL.md` was found, and what the scan knows of its place. */
export interface SkillFile {
  /** Absolute path of the `SKILL.md`. */
  readonly location: string;
  /** The skills directory it is in. */
  readonly source: string;
  readonly inProject: boolean;
  readonly fromDependency: boolean;
}

/** A skill read from its frontmatter (absent when it was skipped), and every warning on the way. */
export interface SkillReading {
  readonly skill?: Skill;
  readonly warnings: readonly SkillWarning[];
}

const KNOWN = new Set(['name', 'description', 'paths', 'allowed-tools']);

/**
 * Applies the format's rules, leniently: a missing description skips the
 * skill; a name that differs from its directory, is longer than 64
 * characters or uses characters outside `[a-z0-9-]`, a description longer
 * than 1,024 characters, bad YAML and a bad `paths:` gate are warnings, and
 * the skill is kept.
 */
export function skillFromFrontmatter(file: SkillFile, yaml: string): SkillReading {
  const warnings: SkillWarning[] = [];
  const { data, error } = parseFrontmatter(yaml);
  const baseDir = dirname(file.location);
  const dirName = basename(baseDir);
  const warn = (message: string, skill?: string) =>
    warnings.push({ location: file.location, ...(skill === undefined ? {} : { skill }), message });
  let name = data.name;
  if (typeof name !== 'string' || name.trim() === '') {
    warn(`no name in the frontmatter; using the directory name "${dirName}"`);
    name = dirName;
  }
  const skillName = (name as string).trim();
  if (error !== undefined) warn(`bad YAML in the frontmatter (${error}); kept what could be read`, skillName);
  const description = typeof data.description === 'string' ? data.description.trim() : '';
  if (description === '') {
    warn('no description in the frontmatter; skipped', skillName);
    return { warnings };
  }
  if (skillName !== dirName) warn(`name "${skillName}" differs from its directory "${dirName}"`, skillName);
  if (skillName.length > MAX_NAME_LENGTH)
    warn(`name is ${skillName.length} characters long; the limit is ${MAX_NAME_LENGTH}`, skillName);
  if (!NAME_PATTERN.test(skillName)) warn('name uses characters outside a-z, 0-9 and "-"', skillName);
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    warn(
      `description is ${description.length} characters long; the limit is ${MAX_DESCRIPTION_LENGTH}`,
      skillName,
    );
  }
  const gate = pathsGate(data.paths);
  for (const problem of gate.problems) warn(problem, skillName);
  const allowedTools = toolList(data['allowed-tools']);
  const metadata = Object.fromEntries(Object.entries(data).filter(([key]) => !KNOWN.has(key)));
  const skill: Skill = Object.freeze({
    name: skillName,
    description,
    location: file.location,
    baseDir,
    source: file.source,
    ...(gate.paths === undefined ? {} : { paths: gate.paths }),
    ...(allowedTools === undefined ? {} : { allowedTools }),
    metadata: Object.freeze(metadata),
    inProject: file.inProject,
    fromDependency: file.fromDependency,
  });
  return { skill, warnings };
}

/** `allowed-tools` as a list: a YAML list, or one string separated by spaces or commas. */
function toolList(value: unknown): readonly string[] | undefined {
  if (typeof value === 'string') return Object.freeze(value.split(/[\s,]+/).filter((t) => t !== ''));
  if (Array.isArray(value)) return Object.freeze(value.map(String));
  return undefined;
}
