import type { TrifectaLegs } from '@kodama/core';
import type { SkillCatalog } from '../catalog/skill-catalog.ts';

/**
 * The trifecta legs skills bring, judged from where they live. A skill's
 * text reaches the model (listed in the prompt, announced, loaded by the
 * `skill` tool):
 * - private data when any skill's directory lies inside the project root
 *   (project content, like what `read` returns);
 * - `soft` untrusted content when any skill comes from a dependency
 *   (a `node_modules` directory): text the user chose to install but did
 *   not write. Skills the user keeps at home or in the project are theirs;
 * - no egress: skills only read.
 */
export function skillsLegs(catalog: SkillCatalog): TrifectaLegs {
  return Object.freeze({
    privateData: catalog.skills.some((s) => s.inProject),
    untrusted: catalog.skills.some((s) => s.fromDependency) ? 'soft' : 'none',
    egress: 'none',
  });
}
