import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Folders never indexed: dependencies and build output that would drown the project's own text. */
const SKIPPED_DIRS: ReadonlySet<string> = new Set([
  'node_modules',
  'dist',
  'build',
  'target',
  'vendor',
  '__pycache__',
]);

/** What {@link walkFiles} needs. */
export interface WalkOptions {
  /** Whether a file is wanted (its extension has an extractor). */
  readonly wanted: (path: string) => boolean;
  /** The credential denylist: a reason when `path` must not be read. */
  readonly denied?: (path: string) => string | undefined;
}

/**
 * The wanted files under `root`, depth first in name order. Skips hidden
 * entries (`.git`, `.env`), the folders of {@link SKIPPED_DIRS}, denied
 * paths and symbolic links (which could lead out of the root).
 */
export async function* walkFiles(root: string, options: WalkOptions): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return; // removed while walking, or unreadable: nothing to index there
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
    const path = join(root, entry.name);
    if (options.denied?.(path) !== undefined) continue;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* walkFiles(path, options);
    } else if (entry.isFile() && options.wanted(path)) {
      yield path;
    }
  }
}
