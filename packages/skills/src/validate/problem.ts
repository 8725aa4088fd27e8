import type { SkillRule, SkillWarning } from '../catalog/skill-warning.ts';

/** A problem before it is tied to a file: a {@link SkillWarning} without its location. */
export type Problem = Omit<SkillWarning, 'location' | 'skill'>;

/** An error: the Agent Skills specification says MUST. */
export function error(rule: SkillRule, message: string): Problem {
  return { severity: 'error', rule, message };
}

/** A warning: the specification says SHOULD, or kodama read something leniently. */
export function warning(rule: SkillRule, message: string): Problem {
  return { severity: 'warning', rule, message };
}
