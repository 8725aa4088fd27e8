import type { Skill } from '../catalog/skill.ts';
import { xmlText } from '../text/xml-text.ts';

/**
 * The system-prompt section that lists skills: a short instruction, then an
 * `<available_skills>` block with the name, description and location of each
 * skill given (the always-on ones; gated skills are announced in the
 * conversation when a file they cover is touched).
 */
export function availableSkillsSnippet(skills: readonly Skill[]): string {
  const entries = skills.map((s) =>
    [
      '<skill>',
      `<name>${xmlText(s.name)}</name>`,
      `<description>${xmlText(s.description)}</description>`,
      `<location>${xmlText(s.location)}</location>`,
      '</skill>',
    ].join('\n'),
  );
  return [
    '## Skills',
    "Skills hold instructions for particular kinds of work. When a task matches a skill's description, " +
      'load the skill with the skill tool (name="<skill>") before you start, and follow it. ' +
      'More skills are announced in the conversation when you touch files they cover.',
    '',
    '<available_skills>',
    ...entries,
    '</available_skills>',
  ].join('\n');
}
