/**
 * @kodama/skills: agentskills.io skill folders for kodama agents. A catalog
 * read from `.kodama/skills`, `.claude/skills` and `.agents/skills` under the
 * project root and the home directory (frontmatter only; bodies load on
 * demand), and an extension that lists the skills in the system prompt,
 * serves them through the `skill` tool and promotes `paths:`-gated skills when
 * the model touches a file they cover. Every public name is listed here.
 */

export { Activation, type ActivationView, sealedActivation } from './activation/activation.ts';
export { PathActivation, type PathActivationOptions, touchedPaths } from './activation/path-activation.ts';
export { promotedInHistory, promotedNames, promotionMessage } from './activation/promotion-message.ts';
export {
  KNOWN_FIELDS,
  MAX_COMPATIBILITY_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  NAME_PATTERN,
} from './catalog/limits.ts';
export { loadSkillBody } from './catalog/load-skill-body.ts';
export { type LoadSkillCatalogOptions, loadSkillCatalog } from './catalog/load-skill-catalog.ts';
export { SKILL_FILE_NAMES } from './catalog/read-skill.ts';
export { SKILL_DIRS, skillDirectories } from './catalog/search-bases.ts';
export { isGated, type Skill } from './catalog/skill.ts';
export { SkillCatalog } from './catalog/skill-catalog.ts';
export { formatSkillWarning, type SkillRule, type SkillWarning } from './catalog/skill-warning.ts';
export { availableSkillsSnippet } from './extension/available-skills.ts';
export { availableSkills, type SkillToolOptions, skillTool } from './extension/skill-tool.ts';
export { SkillsExtension, type SkillsExtensionOptions } from './extension/skills-extension.ts';
export { skillsLegs } from './extension/skills-legs.ts';
export { MAX_FRONTMATTER_BYTES } from './frontmatter/read-frontmatter.ts';
export { PathMatcher } from './paths/path-matcher.ts';
export { workspaceRelative } from './paths/workspace-relative.ts';
export { type AllowedTools, parseAllowedTools } from './validate/allowed-tools.ts';
export { checkSkillLinks } from './validate/check-skill-links.ts';
export { type SkillValidation, validateSkill } from './validate/validate-skill.ts';
