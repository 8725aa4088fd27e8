/**
 * @kodama/shell: bash command lines parsed by a real shell parser
 * (tree-sitter-bash on web-tree-sitter), read into their simple commands and
 * what is beyond the plain subset, for permission rules and taint.
 */
export type { CommandLine, Redirect, ShellParser, ShellWord, SimpleCommand } from './command-line.ts';
export { loadShellParser } from './load-shell-parser.ts';
export { reachesNetwork } from './reaches-network.ts';
export { baseName, RUNNERS, SHELLS } from './runners.ts';
