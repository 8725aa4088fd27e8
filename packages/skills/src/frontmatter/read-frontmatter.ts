import { open } from 'node:fs/promises';
import { splitFrontmatter } from './split-frontmatter.ts';

/** How far into a `SKILL.md` the closing `---` is looked for. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;

const CHUNK_BYTES = 4096;

/** What the start of a `SKILL.md` holds: its frontmatter's YAML, or why there is none. */
export type FrontmatterRead =
  | { readonly kind: 'yaml'; readonly yaml: string }
  | { readonly kind: 'none' }
  | { readonly kind: 'unclosed' };

/**
 * Reads the frontmatter of a file without reading its body: 4 KB at a time
 * until the closing `---` line, at most {@link MAX_FRONTMATTER_BYTES}. A 1 MB
 * `SKILL.md` costs one or two small reads.
 *
 * @throws the file system's error when the file cannot be opened or read.
 */
export async function readFrontmatter(file: string): Promise<FrontmatterRead> {
  const handle = await open(file, 'r');
  try {
    let buffer = Buffer.alloc(0);
    for (;;) {
      const chunk = Buffer.alloc(CHUNK_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, buffer.length);
      const complete = bytesRead < CHUNK_BYTES;
      buffer = Buffer.concat([buffer, chunk.subarray(0, bytesRead)]);
      const split = splitFrontmatter(buffer.toString('utf8'), complete);
      if (split === 'none') return { kind: 'none' };
      if (split !== 'unclosed') return { kind: 'yaml', yaml: split.yaml };
      if (complete || buffer.length >= MAX_FRONTMATTER_BYTES) return { kind: 'unclosed' };
    }
  } finally {
    await handle.close();
  }
}
