import { loadShellParser, type ShellParser } from '@kodama/shell';

/**
 * The bash parser the rules judge commands with, loaded when this module is
 * (a top-level await of a few tens of milliseconds), so that
 * `PermissionRules.decide` stays synchronous for every caller: the inline
 * confirmer's fast path, the gate, the `-p` refusal message.
 */
export const shellParser: ShellParser = await loadShellParser();
