/**
 * The rule a {@link SkillWarning} is about: stable names a host can match on
 * (the message text may improve; the rule stays).
 */
export type SkillRule =
  /** The file opens with no `---` line, or the frontmatter is not closed. */
  | 'frontmatter'
  /** The frontmatter is not valid YAML. */
  | 'yaml'
  /** The `SKILL.md` exists but cannot be read. */
  | 'unreadable'
  | 'name-missing'
  | 'name-length'
  | 'name-case'
  | 'name-characters'
  | 'name-hyphens'
  | 'name-directory'
  | 'description-missing'
  | 'description-length'
  | 'compatibility'
  /** `metadata` is not a mapping of names to text. */
  | 'metadata'
  /** Top-level fields the format does not define. */
  | 'unknown-field'
  | 'allowed-tools'
  | 'paths'
  /** A skill of the same name was found earlier and wins. */
  | 'duplicate'
  /** A skills directory that cannot be listed. */
  | 'directory'
  /** A link from the body to a file of the skill folder that does not exist. */
  | 'sidecar-link';

/**
 * A problem found while reading skills: the file, the skill when known, how
 * bad it is, the rule, and what is wrong with what to do about it.
 */
export interface SkillWarning {
  /** Absolute path of the `SKILL.md` (or the skills directory) the warning is about. */
  readonly location: string;
  /** The skill's name, when one was read. */
  readonly skill?: string;
  /**
   * `error`: the file breaks a MUST of the Agent Skills specification (the
   * reference validator `skills-ref` and strict clients refuse it; kodama
   * still loads it when it can be used). `warning`: a SHOULD of the
   * specification, something kodama read leniently, or a problem of the
   * scan itself (a shadowed name, a directory that cannot be listed).
   */
  readonly severity: 'error' | 'warning';
  readonly rule: SkillRule;
  /** What is wrong, what happened because of it, and what to do, e.g. `no description ...; skipped. Add ...`. */
  readonly message: string;
}

/** One line for a person: `<location>: <message>` for a warning, `<location>: error: <message>` for an error. */
export function formatSkillWarning(warning: SkillWarning): string {
  return `${warning.location}: ${warning.severity === 'error' ? 'error: ' : ''}${warning.message}`;
}
