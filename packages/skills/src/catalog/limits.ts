/** The longest skill name the Agent Skills format allows (longer is an error). */
export const MAX_NAME_LENGTH = 64;

/** The longest description the Agent Skills format allows (longer is an error). */
export const MAX_DESCRIPTION_LENGTH = 1024;

/** The longest `compatibility` the Agent Skills format allows (longer is an error). */
export const MAX_COMPATIBILITY_LENGTH = 500;

/**
 * The characters a skill name may use: lowercase letters (any script, as the
 * reference validator `skills-ref` allows), digits and `-`. Hyphens are
 * further checked: none first, last or doubled.
 */
export const NAME_PATTERN = /^[\p{Ll}\p{Lo}\p{Lm}\p{N}-]+$/u;

/** The top-level fields the Agent Skills format defines, and `paths`, kodama's (and Claude Code's) gate. */
export const KNOWN_FIELDS: readonly string[] = Object.freeze([
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'paths',
]);
