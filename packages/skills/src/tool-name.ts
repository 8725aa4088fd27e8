/**
 * The name of the `skill` tool, on its own (no catalog module loaded): for
 * hosts whose command line names it (`--tools skill`), read from the
 * package that owns the tool (`@kodama/skills/tool-name`).
 */
export const SKILL_TOOL = 'skill';
