/**
 * kodama code mode: the model writes one program that calls the agent's
 * tools as typed async functions; it runs in a QuickJS sandbox through a
 * broker that keeps every rule a direct call meets.
 *
 * @packageDocumentation
 */

/** The package's name, until its first export lands. */
export const CODE_MODE_PACKAGE = '@kodama/code-mode';
