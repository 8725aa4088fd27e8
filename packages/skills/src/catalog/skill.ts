/**
 * One skill of a catalog: the frontmatter of its `SKILL.md` and where it came
 * from. The body is not held here: it is read when the `skill` tool loads it
 * (see `loadSkillBody`), so a catalog of large skills costs only their
 * frontmatter.
 */
export interface Skill {
  /** The frontmatter `name` (the directory's name when the frontmatter has none). */
  readonly name: string;
  /** What the skill is for and when to use it, as the model reads it. */
  readonly description: string;
  /** Absolute path of the skill's `SKILL.md`. */
  readonly location: string;
  /** Absolute path of the skill's directory: the base its sidecar files are read from. */
  readonly baseDir: string;
  /** The skills directory it was found in, e.g. `/repo/.claude/skills`. */
  readonly source: string;
  /**
   * The `paths:` gate: globs relative to the project root. Absent for a skill
   * that is always listed; a gated skill is listed once a file it matches is touched.
   */
  readonly paths?: readonly string[];
  /**
   * The frontmatter `allowed-tools`, split at spaces outside parentheses
   * (`Bash(gh issue:*) Read` is two entries; see `parseAllowedTools`). Kept
   * for hosts; kodama does not enforce it.
   */
  readonly allowedTools?: readonly string[];
  /** Every other frontmatter key, as parsed: `license`, `compatibility`, the format's `metadata` mapping, unknown fields. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** True when the skill's directory lies inside the project root (its content is project data). */
  readonly inProject: boolean;
  /**
   * True when the skill comes from a directory the user did not write: one
   * with a `node_modules` segment (a dependency's skill).
   */
  readonly fromDependency: boolean;
}

/** True when the skill is listed only after a file its `paths:` gate matches is touched. */
export function isGated(skill: Skill): boolean {
  return skill.paths !== undefined;
}
