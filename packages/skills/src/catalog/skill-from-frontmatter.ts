import { basename, dirname } from 'node:path';
import { parseFrontmatter } from '../frontmatter/parse-frontmatter.ts';
import { parseAllowedTools } from '../validate/allowed-tools.ts';
import { fieldProblems } from '../validate/field-problems.ts';
import { nameProblems } from '../validate/name-problems.ts';
import { error, type Problem, warning } from '../validate/problem.ts';
import { pathsGate } from './paths-gate.ts';
import type { Skill } from './skill.ts';
import type { SkillWarning } from './skill-warning.ts';

/** Where a `SKILL.md` was found, and what the scan knows of its place. */
export interface SkillFile {
  /** Absolute path of the `SKILL.md` (or `skill.md`). */
  readonly location: string;
  /** The skills directory it is in. */
  readonly source: string;
  readonly inProject: boolean;
  readonly fromDependency: boolean;
}

/** A skill read from its frontmatter (absent when it was skipped), and every problem on the way. */
export interface SkillReading {
  readonly skill?: Skill;
  readonly warnings: readonly SkillWarning[];
}

const OWN = new Set(['name', 'description', 'paths', 'allowed-tools']);

/**
 * Applies the Agent Skills format's rules: what it says MUST is an error,
 * what it says SHOULD (and what kodama reads leniently) a warning. Loading
 * stays lenient: only a skill with no description is skipped; a name that
 * breaks the rules or differs from its folder, an over-long description or
 * compatibility, bad YAML, unknown fields, a comma-separated
 * `allowed-tools` and a bad `paths:` gate are reported and the skill is
 * kept, as the model can still use it.
 */
export function skillFromFrontmatter(file: SkillFile, yaml: string): SkillReading {
  const problems: Array<Problem & { skill?: string }> = [];
  const { data, error: yamlError } = parseFrontmatter(yaml);
  const baseDir = dirname(file.location);
  const dirName = basename(baseDir);
  const report = (skill: string | undefined, ...found: Problem[]) =>
    problems.push(...found.map((p) => (skill === undefined ? p : { ...p, skill })));
  const located = (): SkillWarning[] => problems.map((p) => ({ location: file.location, ...p }));
  let name = data.name;
  if (typeof name !== 'string' || name.trim() === '') {
    report(
      undefined,
      error(
        'name-missing',
        `no name in the frontmatter; using the folder name "${dirName}": add "name: ${dirName}" (the format requires a name)`,
      ),
    );
    name = dirName;
  }
  const skillName = (name as string).trim();
  if (yamlError !== undefined) {
    report(
      skillName,
      error(
        'yaml',
        `bad YAML in the frontmatter (${yamlError}); kept what could be read: fix that line (a value holding ": " needs quotes)`,
      ),
    );
  }
  const description = typeof data.description === 'string' ? data.description.trim() : '';
  if (description === '') {
    report(
      skillName,
      error(
        'description-missing',
        'no description in the frontmatter; skipped: add "description:" saying what the skill does and when to use it',
      ),
    );
    return { warnings: located() };
  }
  if (data.name === name) report(skillName, ...nameProblems(skillName, dirName));
  report(skillName, ...fieldProblems(data, description));
  const gate = pathsGate(data.paths);
  report(skillName, ...gate.problems.map((p) => warning('paths', p)));
  const allowed = parseAllowedTools(data['allowed-tools']);
  report(skillName, ...allowed.problems);
  const metadata = Object.fromEntries(Object.entries(data).filter(([key]) => !OWN.has(key)));
  const skill: Skill = Object.freeze({
    name: skillName,
    description,
    location: file.location,
    baseDir,
    source: file.source,
    ...(gate.paths === undefined ? {} : { paths: gate.paths }),
    ...(allowed.tools === undefined ? {} : { allowedTools: allowed.tools }),
    metadata: Object.freeze(metadata),
    inProject: file.inProject,
    fromDependency: file.fromDependency,
  });
  return { skill, warnings: located() };
}
