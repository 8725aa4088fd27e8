import { KNOWN_FIELDS, MAX_COMPATIBILITY_LENGTH, MAX_DESCRIPTION_LENGTH } from '../catalog/limits.ts';
import { error, type Problem, warning } from './problem.ts';

/**
 * What the Agent Skills format says of the fields besides `name`: the
 * description's length (MUST: an error), `compatibility` (MUST be 1-500
 * characters of text: an error), `metadata` (a mapping of names to text: a
 * warning, with the quoting that fixes it) and fields the format does not
 * define (a warning: kodama keeps them in `skill.metadata`, `skills-ref`
 * refuses the file). Lengths count characters, not UTF-16 units.
 */
export function fieldProblems(data: Readonly<Record<string, unknown>>, description: string): Problem[] {
  const problems: Problem[] = [];
  const length = [...description].length;
  if (length > MAX_DESCRIPTION_LENGTH) {
    problems.push(
      error(
        'description-length',
        `description is ${length} characters long; the limit is ${MAX_DESCRIPTION_LENGTH}: shorten it (kodama keeps it whole)`,
      ),
    );
  }
  if (Object.hasOwn(data, 'compatibility')) problems.push(...compatibilityProblems(data.compatibility));
  if (Object.hasOwn(data, 'metadata')) problems.push(...metadataProblems(data.metadata));
  const unknown = Object.keys(data).filter((key) => !KNOWN_FIELDS.includes(key));
  if (unknown.length > 0) {
    const list = unknown.map((k) => `"${k}"`).join(', ');
    const them = unknown.length === 1 ? 'it' : 'them';
    problems.push(
      warning(
        'unknown-field',
        `${list} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of the Agent Skills format (kodama keeps ${them} in skill.metadata; skills-ref refuses the file): move ${them} under "metadata:", or remove ${them}`,
      ),
    );
  }
  return problems;
}

function compatibilityProblems(value: unknown): Problem[] {
  if (typeof value !== 'string' || value.trim() === '') {
    return [
      error(
        'compatibility',
        'compatibility must be 1-500 characters of text saying what the skill needs (compatibility: Requires git and jq), or left out',
      ),
    ];
  }
  const length = [...value].length;
  if (length <= MAX_COMPATIBILITY_LENGTH) return [];
  return [
    error(
      'compatibility',
      `compatibility is ${length} characters long; the limit is ${MAX_COMPATIBILITY_LENGTH}: shorten it, and move details into the body`,
    ),
  ];
}

function metadataProblems(value: unknown): Problem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [
      warning(
        'metadata',
        'metadata must be a mapping of names to text (metadata: then lines like "  author: example-org"); kept as it is',
      ),
    ];
  }
  const problems: Problem[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') continue;
    const kind =
      entry === null
        ? 'empty'
        : Array.isArray(entry)
          ? 'a list'
          : typeof entry === 'object'
            ? 'a mapping'
            : `a ${typeof entry}`;
    const fix =
      typeof entry === 'number' || typeof entry === 'boolean'
        ? `put the value in quotes (${key}: "...")`
        : 'write it as one line of text';
    problems.push(
      warning('metadata', `metadata "${key}" is ${kind}, not text; the format wants text values: ${fix}`),
    );
  }
  return problems;
}
