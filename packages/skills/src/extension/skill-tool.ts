import { type AnyTool, defineTool, params, type TrifectaLegs } from '@kodama/core';
import type { ActivationView } from '../activation/activation.ts';
import { loadSkillBody } from '../catalog/load-skill-body.ts';
import { isGated, type Skill } from '../catalog/skill.ts';
import type { SkillCatalog } from '../catalog/skill-catalog.ts';
import { xmlText } from '../text/xml-text.ts';
import { sidecarLinkProblems } from '../validate/sidecar-links.ts';

/** What the `skill` tool serves from. */
export interface SkillToolOptions {
  readonly catalog: SkillCatalog;
  /** Which gated skills are listed; a sealed view for a sub-agent. */
  readonly activation: ActivationView;
  /** The tool's trifecta legs (the skills extension computes them from the catalog). */
  readonly trifectaLegs: TrifectaLegs;
}

const DESCRIPTION = `Loads a skill: instructions for a particular kind of work, listed in <available_skills> or announced in the conversation.
Usage:
- Call it with the skill's name before starting work its description covers, then follow what it says.
- The answer names the skill's base directory: read the files the skill mentions from there with the read tool.`;

/** The skills the model can load now: every always-on skill, and the gated ones already promoted. */
export function availableSkills(catalog: SkillCatalog, activation: ActivationView): Skill[] {
  return catalog.skills.filter((s) => !isGated(s) || activation.isActive(s.name));
}

/**
 * The `skill` tool: takes a `name`, answers with the skill's body inside a
 * `<skill name="...">` block that starts with its absolute base directory.
 * A link of the body to a file of the skill's folder that does not exist
 * adds a `Note:` line naming the files that do (`references/Guide.md not
 * found; the skill folder has references/guide.md`).
 * A name that is not available (unknown, or gated and not promoted yet)
 * answers `Error: unknown skill "x". Available skills: a, b`.
 */
export function skillTool(options: SkillToolOptions): AnyTool {
  const { catalog, activation, trifectaLegs } = options;
  return defineTool({
    name: 'skill',
    description: DESCRIPTION,
    parameters: params().requiredString('name', 'The skill to load, e.g. "sql-migrations"'),
    trifectaLegs,
    async execute({ name }) {
      const available = availableSkills(catalog, activation);
      const skill = available.find((s) => s.name === name);
      if (!skill) {
        const names = available.map((s) => s.name).join(', ') || '(none)';
        return `Error: unknown skill ${JSON.stringify(name)}. Available skills: ${names}`;
      }
      let body: string;
      try {
        body = await loadSkillBody(skill);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        return `Error: skill "${skill.name}" could not be read from ${skill.location} (${code})`;
      }
      // A link to a file that is not there (often a case mismatch): the model is told what is.
      const broken = sidecarLinkProblems(skill.baseDir, body).map((p) => `Note: ${p.message}`);
      return [
        `<skill name="${xmlText(skill.name)}">`,
        `Base directory: ${skill.baseDir}`,
        'Relative paths in this skill are relative to that directory; read its files with the read tool.',
        ...(broken.length > 0 ? [...broken] : []),
        '',
        body,
        '</skill>',
      ].join('\n');
    },
  });
}
