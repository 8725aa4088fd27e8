import { InvalidOptionError } from '../errors/invalid-option-error.ts';

/**
 * What a session id may be: 1 to 128 letters, digits, `.`, `_` or `-`, starting
 * with a letter or digit. A JSONL store names its files after ids, so this is
 * also what keeps a file inside its directory (no `/`, never `.` or `..`).
 */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Returns `id` when it matches {@link SESSION_ID_PATTERN}; otherwise throws `InvalidOptionError`. */
export function checkSessionId(id: unknown, option = 'sessionId'): string {
  if (typeof id !== 'string' || !SESSION_ID_PATTERN.test(id)) {
    throw new InvalidOptionError(
      option,
      "1 to 128 letters, digits, '.', '_' or '-', starting with a letter or digit",
      id,
    );
  }
  return id;
}
