import { KNOWN_FIELDS, MAX_COMPATIBILITY_LENGTH, MAX_DESCRIPTION_LENGTH } from '../catalog/limits.ts';
import { error, type Problem, warning } from './problem.ts';

/**
 * What the Agent Skills format says of the fields besides `name`: the
 * description's length (MUST: an error), `compatibility` (MUST be 1-500
 * characters of text: an error), `metadata` (a mapping of names to text: a
 * warning, with the quoting that fixes it) and fields the format does not
 * define (a warning: kodama keeps them in `skill.metadata`, `skills-ref`
 * refuses the file; Claude Code's own fields get their own warning, which
 * does not tell to move them). Lengths count characters, not UTF-16 units.
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
  const claude = unknown.filter((key) => CLAUDE_CODE_FIELDS.has(key));
  const other = unknown.filter((key) => !CLAUDE_CODE_FIELDS.has(key));
  if (claude.length > 0) {
    const [list, one] = [quoted(claude), claude.length === 1];
    // Moving these under metadata: would break the skill in Claude Code, so no such advice.
    problems.push(
      warning(
        'unknown-field',
        `${list} ${one ? "is Claude Code's field" : "are Claude Code's fields"}, not the Agent Skills format's: kodama ignores ${one ? 'it' : 'them'} (kept in skill.metadata) and strict clients refuse the file (skills-ref does); keep ${one ? 'it' : 'them'} only if the skill is meant for Claude Code`,
      ),
    );
  }
  if (other.length > 0) {
    const them = other.length === 1 ? 'it' : 'them';
    problems.push(
      warning(
        'unknown-field',
        `${quoted(other)} ${other.length === 1 ? 'is not a field' : 'are not fields'} of the Agent Skills format (kodama keeps ${them} in skill.metadata; skills-ref refuses the file): move ${them} under "metadata:", or remove ${them}`,
      ),
    );
  }
  return problems;
}

/** The fields Claude Code's skills take beyond the format (and `paths`, which kodama reads). */
const CLAUDE_CODE_FIELDS: ReadonlySet<string> = new Set([
  'argument-hint',
  'disable-model-invocation',
  'user-invocable',
  'model',
  'context',
  'agent',
  'hooks',
]);

function quoted(keys: readonly string[]): string {
  return keys.map((k) => `"${k}"`).join(', ');
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
