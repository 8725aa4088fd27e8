import { MAX_NAME_LENGTH, NAME_PATTERN } from '../catalog/limits.ts';
import { error, type Problem } from './problem.ts';

/**
 * What the Agent Skills format's MUSTs say of a name (1-64 lowercase
 * letters, digits and hyphens, no hyphen first, last or doubled, the same as
 * its folder), each with the name to write instead. Compared after Unicode
 * NFKC normalisation, as `skills-ref` does.
 */
export function nameProblems(name: string, dirName: string): Problem[] {
  const problems: Problem[] = [];
  const normal = name.normalize('NFKC');
  const length = [...normal].length;
  const fix = suggestedName(normal);
  const write = fix !== '' && fix !== normal ? `: write "name: ${fix}" and name its folder the same` : '';
  if (length > MAX_NAME_LENGTH) {
    problems.push(
      error('name-length', `name is ${length} characters long; the limit is ${MAX_NAME_LENGTH}: shorten it`),
    );
  }
  if (normal !== normal.toLowerCase()) {
    problems.push(
      error('name-case', `name "${name}" has capital letters; the format allows lowercase only${write}`),
    );
  }
  const bad = [...new Set([...normal.toLowerCase()].filter((c) => !NAME_PATTERN.test(c)))];
  if (bad.length > 0) {
    const shown = bad.map((c) => JSON.stringify(c)).join(', ');
    problems.push(
      error(
        'name-characters',
        `name "${name}" uses ${shown}; only letters, digits and "-" are allowed${write}`,
      ),
    );
  }
  const hyphens = [
    normal.startsWith('-') ? 'starts with "-"' : '',
    normal.endsWith('-') ? 'ends with "-"' : '',
    normal.includes('--') ? 'has a doubled "--"' : '',
  ].filter((h) => h !== '');
  if (hyphens.length > 0)
    problems.push(error('name-hyphens', `name "${name}" ${hyphens.join(' and ')}${write}`));
  const folder = dirName.normalize('NFKC');
  if (normal !== folder) {
    // Only a valid name is offered: renaming the folder to a name that breaks the rules fixes nothing.
    const ways = [
      ...(isValid(normal) ? [`rename the folder to "${name}"`] : []),
      ...(isValid(folder) ? [`write "name: ${dirName}"`] : []),
    ];
    const fix = ways.length > 0 ? ways.join(', or ') : `name both "${suggestedName(normal) || 'my-skill'}"`;
    problems.push(
      error(
        'name-directory',
        `name "${name}" differs from its folder "${dirName}"; the format requires them to match: ${fix}`,
      ),
    );
  }
  return problems;
}

function isValid(name: string): boolean {
  return [...name].length <= MAX_NAME_LENGTH && suggestedName(name) === name && name !== '';
}

/** The nearest valid name: lowercase, other characters turned into single hyphens, none at the ends. */
function suggestedName(name: string): string {
  return [...name.toLowerCase()]
    .map((c) => (NAME_PATTERN.test(c) ? c : '-'))
    .join('')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}
