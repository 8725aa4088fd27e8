import { fileURLToPath } from 'node:url';
import { InvalidOptionError } from '@kodama/core';

/**
 * The file a `file:` URL names (`file:memory.db`, `file:/abs/memory.db`,
 * `file:///abs/memory.db`, any `?query` ignored), or `undefined` for
 * `:memory:`. Anything else is an `InvalidOptionError`: the embedded store
 * is for local databases.
 */
export function databasePath(url: unknown, option: string): string | undefined {
  if (url === ':memory:' || url === 'file::memory:') return undefined;
  if (typeof url !== 'string' || !url.startsWith('file:') || url.length === 5) {
    throw new InvalidOptionError(option, 'a file: URL or ":memory:"', url);
  }
  const bare = url.split('?')[0]!;
  return bare.startsWith('file://') ? fileURLToPath(bare) : bare.slice('file:'.length);
}
