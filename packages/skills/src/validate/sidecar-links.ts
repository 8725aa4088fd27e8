import { type Dirent, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Problem, warning } from './problem.ts';

/** How many of a folder's files a hint names at most. */
const MAX_LISTED = 8;

/**
 * The links of a skill's body to files of its folder that do not exist, each
 * with a hint naming the files that do: the same path in another case
 * first (`references/Guide.md` written, `references/guide.md` there: it
 * works on macOS and Windows and fails on Linux), else the files of the
 * nearest folder that exists. Paths are compared name by name against the
 * folder listing, never with `exists`, so a case mismatch is found on a
 * case-insensitive disk too. Links with a scheme, absolute paths, anchors,
 * links that leave the folder, and text in code (fenced or inline) are not
 * checked, and a symlink is never followed (a link through one counts as
 * there), so no name outside the folder is ever listed.
 */
export function sidecarLinkProblems(baseDir: string, body: string): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const target of linkTargets(body)) {
    if (seen.has(target)) continue;
    seen.add(target);
    const hint = missingHint(baseDir, target);
    if (hint !== undefined) problems.push(warning('sidecar-link', hint));
  }
  return problems;
}

/** Relative link targets of the Markdown outside code, without anchors or queries, decoded. */
function linkTargets(body: string): string[] {
  const prose = body
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1[ \t]*$|(?![\s\S]))/gm, '')
    .replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^)]*["'])?\s*\)/g)) {
    let target = match[1]!.replace(/[#?].*$/, '');
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    try {
      target = decodeURIComponent(target);
    } catch {}
    const parts = target.split('/').filter((p) => p !== '' && p !== '.');
    if (parts.length === 0 || parts.includes('..')) continue;
    targets.push(parts.join('/'));
  }
  return targets;
}

/** `undefined` when `target` exists name by name under `baseDir`; else the hint. */
function missingHint(baseDir: string, target: string): string | undefined {
  const parts = target.split('/');
  let dir = baseDir;
  const found: string[] = [];
  for (const [i, part] of parts.entries()) {
    const entries = listing(dir);
    const entry = entries.find((e) => e.name === part);
    // A symlink is taken as there and never followed: its target may lie outside the skill
    // folder, and no name from there may reach the model.
    if (entry?.isSymbolicLink()) return undefined;
    if (entry) {
      found.push(part);
      dir = join(dir, part);
      continue;
    }
    const folded = caseMatch(dir, parts.slice(i));
    const inFolder = found.length === 0 ? 'the skill folder' : `the skill folder's ${found.join('/')}/`;
    if (folded !== undefined)
      return `${target} not found; the skill folder has ${[...found, folded].join('/')}`;
    const files = entries.map((e) => [...found, e.name].join('/') + (e.isDirectory() ? '/' : ''));
    if (files.length === 0) return `${target} not found; ${inFolder} is empty: fix the link or add the file`;
    const shown =
      files.slice(0, MAX_LISTED).join(', ') +
      (files.length > MAX_LISTED ? `, … (${files.length} in all)` : '');
    return `${target} not found; ${inFolder} has ${shown}: fix the link or add the file`;
  }
  return undefined;
}

/** The rest of a path found with every name compared case-insensitively, as it is spelt on disk. */
function caseMatch(dir: string, rest: readonly string[]): string | undefined {
  if (rest.length === 0) return '';
  const [part, ...more] = rest;
  for (const entry of listing(dir)) {
    if (entry.name.toLowerCase() !== part!.toLowerCase()) continue;
    if (entry.isSymbolicLink()) return more.length === 0 ? entry.name : undefined;
    const tail = caseMatch(join(dir, entry.name), more);
    if (tail !== undefined) return tail === '' ? entry.name : `${entry.name}/${tail}`;
  }
  return undefined;
}

function listing(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch {
    return [];
  }
}
