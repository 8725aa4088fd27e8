import { loadSkillBody } from '../catalog/load-skill-body.ts';
import type { Skill } from '../catalog/skill.ts';
import type { SkillWarning } from '../catalog/skill-warning.ts';
import { sidecarLinkProblems } from './sidecar-links.ts';

/**
 * Reads a skill's body now and reports each link to a file of its folder
 * that does not exist, with the files that do (a warning each, rule
 * `sidecar-link`). The catalog reads only frontmatter, so this is the
 * check a validation command or a host runs on demand. A body that cannot
 * be read gives no warning here: loading it reports that.
 */
export async function checkSkillLinks(skill: Skill): Promise<SkillWarning[]> {
  let body: string;
  try {
    body = await loadSkillBody(skill);
  } catch {
    return [];
  }
  return sidecarLinkProblems(skill.baseDir, body).map((p) => ({
    location: skill.location,
    skill: skill.name,
    ...p,
  }));
}
