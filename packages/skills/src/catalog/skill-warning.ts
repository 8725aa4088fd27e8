/** A problem found while scanning skills: the file, the skill when known, and what is wrong. */
export interface SkillWarning {
  /** Absolute path of the `SKILL.md` (or the skills directory) the warning is about. */
  readonly location: string;
  /** The skill's name, when one was read. */
  readonly skill?: string;
  /** What is wrong and what happened because of it, e.g. `no description; skipped`. */
  readonly message: string;
}

/** One line for a person: `<location>: <message>`. */
export function formatSkillWarning(warning: SkillWarning): string {
  return `${warning.location}: ${warning.message}`;
}
