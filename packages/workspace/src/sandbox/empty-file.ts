// The file that covers a hidden credential inside the sandbox. Not /dev/null:
// a device node bound there reads as "Permission denied" (the mount is
// nodev), and a `.git/config` that cannot be read stops every git command,
// while an empty one is a valid configuration.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let path: string | undefined;

/**
 * An empty, read-only regular file in a private host directory (the host's
 * temp dir is never mounted in the sandbox: its `/tmp` is the scratch dir),
 * made on first use and removed when the process exits.
 */
export function emptyFile(): string {
  if (path !== undefined) return path;
  const dir = mkdtempSync(join(tmpdir(), 'kodama-empty-'));
  const file = join(dir, 'empty');
  writeFileSync(file, '');
  chmodSync(file, 0o444);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  path = file;
  return file;
}
