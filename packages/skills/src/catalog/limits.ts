/** The longest skill name the agentskills.io format allows (longer is a warning). */
export const MAX_NAME_LENGTH = 64;

/** The longest description the agentskills.io format allows (longer is a warning). */
export const MAX_DESCRIPTION_LENGTH = 1024;

/** The characters a skill name may use (others are a warning). */
export const NAME_PATTERN = /^[a-z0-9-]+$/;
