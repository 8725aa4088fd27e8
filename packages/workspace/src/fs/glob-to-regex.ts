import { compileGlob, type GlobMatcher } from './glob-matcher.ts';

/**
 * The old name of {@link compileGlob}, kept while `test/grep-glob-tools.test.ts`
 * imports it. It no longer returns a RegExp: a backtracking RegExp cannot be
 * stopped by a deadline (see `glob-matcher.ts`).
 *
 * @deprecated use {@link compileGlob}.
 */
export function globToRegex(pattern: string, caseInsensitive = false): GlobMatcher {
  return compileGlob(pattern, { caseInsensitive });
}
