import { closeSync, openSync, readSync } from 'node:fs';
import { splitFrontmatter } from './split-frontmatter.ts';

/** How far into a `SKILL.md` the closing `---` is looked for. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;

const CHUNK_BYTES = 4096;

/** What the start of a `SKILL.md` holds: its frontmatter's YAML, or why there is none. */
export type FrontmatterRead =
  | { readonly kind: 'yaml'; readonly yaml: string }
  | { readonly kind: 'none' }
  | { readonly kind: 'unclosed' }
  /** No such file (or not a file): the folder is not a skill. */
  | { readonly kind: 'missing' };

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * Reads the frontmatter of a file without reading its body: 4 KB at a time
 * until the closing `---` line, at most {@link MAX_FRONTMATTER_BYTES}, so a
 * 1 MB `SKILL.md` costs one small read. Synchronous on purpose: a catalog
 * scan is a burst of tiny reads, each far cheaper than a thread-pool round
 * trip, and parsing the YAML that follows holds the thread anyway.
 *
 * @throws the file system's error when the file exists but cannot be read.
 */
export function readFrontmatter(file: string): FrontmatterRead {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return { kind: 'missing' };
    throw error;
  }
  try {
    let buffer = Buffer.alloc(0);
    for (;;) {
      const chunk = Buffer.alloc(CHUNK_BYTES);
      const bytesRead = readSync(fd, chunk, 0, CHUNK_BYTES, buffer.length);
      const complete = bytesRead < CHUNK_BYTES;
      buffer = Buffer.concat([buffer, chunk.subarray(0, bytesRead)]);
      const split = splitFrontmatter(buffer.toString('utf8'), complete);
      if (split === 'none') return { kind: 'none' };
      if (split !== 'unclosed') return { kind: 'yaml', yaml: split.yaml };
      if (complete || buffer.length >= MAX_FRONTMATTER_BYTES) return { kind: 'unclosed' };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') return { kind: 'missing' };
    throw error;
  } finally {
    closeSync(fd);
  }
}
