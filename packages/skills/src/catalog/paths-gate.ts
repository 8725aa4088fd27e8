import { isAbsolute } from 'node:path';

/** A `paths:` value read: the globs (absent: no gate) and what was wrong with it. */
export interface PathsGate {
  readonly paths?: readonly string[];
  readonly problems: readonly string[];
}

/**
 * Reads the frontmatter's `paths:`: a list of globs relative to the project
 * root (one string is a list of one). Entries that are not strings, and
 * globs that can never match a path inside the project (absolute, or with a
 * `..` segment), are dropped with a problem each. A gate left with no glob
 * is no gate: the skill is always listed (withholding it forever would be
 * the worse mistake).
 */
export function pathsGate(value: unknown): PathsGate {
  if (value === undefined || value === null) return { problems: [] };
  if (typeof value !== 'string' && !Array.isArray(value)) {
    return { problems: ['paths must be a list of globs; the skill is always listed'] };
  }
  const entries: unknown[] = typeof value === 'string' ? [value] : value;
  const problems: string[] = [];
  const paths: string[] = [];
  entries.forEach((entry, i) => {
    if (typeof entry !== 'string' || entry.trim() === '') {
      problems.push(`paths entry ${i + 1} is not a glob; ignored`);
      return;
    }
    const glob = entry.trim().replace(/^(\.\/)+/, '');
    if (isAbsolute(glob) || glob.split('/').includes('..')) {
      problems.push(`paths glob "${glob}" is not relative to the project root; ignored`);
      return;
    }
    paths.push(glob);
  });
  if (paths.length === 0) {
    problems.push('paths has no usable glob; the skill is always listed');
    return { problems };
  }
  return { paths: Object.freeze(paths), problems };
}
