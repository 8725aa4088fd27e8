import { join, resolve } from 'node:path';

/** Where skills live under a search base, in precedence order. */
export const SKILL_DIRS: readonly string[] = Object.freeze([
  '.kodama/skills',
  '.claude/skills',
  '.agents/skills',
]);

/**
 * The skills directories to scan, in precedence order: under the project
 * root first, then under the home directory, each in {@link SKILL_DIRS}
 * order. A home that is the project root is scanned once.
 */
export function skillDirectories(root: string, home: string | undefined): string[] {
  const bases = [...new Set([resolve(root), ...(home === undefined ? [] : [resolve(home)])])];
  return bases.flatMap((base) => SKILL_DIRS.map((dir) => join(base, dir)));
}
