import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Embedder } from '@kodama/core/model';
import type { MemoryDatabase } from '../db/memory-database.ts';
import { embedderName, type HybridIndex, type NewItem } from '../search/hybrid-index.ts';
import { type Chunk, type ChunkOptions, chunkText } from './chunk-text.ts';
import type { IndexedDoc } from './corpus-schema.ts';
import { type Extractors, extractorFor, MARKDOWN_EXTENSIONS } from './extractors.ts';
import type { IndexProgress, IndexReport } from './index-report.ts';
import { walkFiles } from './walk-files.ts';

/** What one indexing pass works with. */
export interface IndexerContext {
  readonly db: MemoryDatabase;
  readonly index: HybridIndex;
  readonly embedder: Embedder | undefined;
  readonly extractors: Extractors;
  readonly denied: ((path: string) => string | undefined) | undefined;
  readonly chunk: ChunkOptions;
  readonly maxFileBytes: number;
}

interface PendingDoc {
  readonly path: string;
  readonly hash: string;
  readonly size: number;
  readonly chunks: Chunk[];
  readonly isNew: boolean;
}

/** Chunks embedded and written together: one embedding request batch, one transaction. */
const FLUSH_CHUNKS = 256;

/**
 * One incremental pass over `roots`: a file whose hash matches the index
 * (and that has vectors when an embedder is given) is skipped; a new or
 * changed one is extracted, chunked, embedded and written in place of its
 * old chunks; a file the index holds under these roots that is gone (or now
 * unreadable) is removed. Writes go in transactions of a few hundred
 * chunks, so an interrupted pass leaves every file either old or new.
 */
export async function indexRoots(
  ctx: IndexerContext,
  roots: readonly string[],
  options: { signal?: AbortSignal; onProgress?: (p: IndexProgress) => void } = {},
): Promise<IndexReport> {
  const known = await knownDocs(ctx);
  const seen = new Set<string>();
  const skipped: Array<{ path: string; reason: string }> = [];
  const pending: PendingDoc[] = [];
  let pendingChunks = 0;
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  let chunks = 0;
  let scanned = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    await writeDocs(ctx, pending, options.signal);
    for (const doc of pending) {
      if (doc.isNew) added++;
      else updated++;
      chunks += doc.chunks.length;
    }
    pending.length = 0;
    pendingChunks = 0;
  };
  const wanted = (path: string) => extractorFor(path, ctx.extractors) !== undefined;
  for (const root of roots) {
    for await (const path of walkFiles(root, { wanted, denied: ctx.denied })) {
      options.signal?.throwIfAborted();
      scanned++;
      try {
        const size = (await stat(path)).size;
        if (size > ctx.maxFileBytes) throw new Error(`larger than ${ctx.maxFileBytes} bytes`);
        const bytes = await readFile(path);
        const hash = createHash('sha256').update(bytes).digest('hex');
        seen.add(path);
        const before = known.get(path);
        if (before?.hash === hash && (before.embedded || ctx.embedder === undefined)) {
          unchanged++;
        } else {
          const text = await extractorFor(path, ctx.extractors)!(bytes, path);
          const markdown = MARKDOWN_EXTENSIONS.has(extname(path).toLowerCase());
          const docChunks = chunkText(text, { ...ctx.chunk, markdown });
          pending.push({ path, hash, size, chunks: docChunks, isNew: before === undefined });
          pendingChunks += docChunks.length;
          if (pendingChunks >= FLUSH_CHUNKS) await flush();
        }
      } catch (error) {
        if (options.signal?.aborted) throw error;
        seen.delete(path);
        skipped.push({ path, reason: error instanceof Error ? error.message : String(error) });
      }
      options.onProgress?.({ scanned, indexed: added + updated + pending.length, path });
    }
  }
  await flush();
  const gone = [...known.keys()].filter((p) => !seen.has(p) && roots.some((r) => isUnder(p, r)));
  if (gone.length > 0) {
    await ctx.db.batch(
      gone.flatMap((path) => [
        ctx.index.deleteGroupStatement(path),
        { sql: 'DELETE FROM corpus_docs WHERE space = ? AND path = ?', args: [ctx.index.name, path] },
      ]),
    );
  }
  return {
    added,
    updated,
    unchanged,
    removed: gone.length,
    skipped,
    chunks,
    embedded: ctx.embedder !== undefined,
  };
}

/** Whether `path` lies under the folder `root` (both absolute). */
export function isUnder(path: string, root: string): boolean {
  const base = root.endsWith('/') ? root : `${root}/`;
  return path === root || path.startsWith(base);
}

async function knownDocs(ctx: IndexerContext): Promise<Map<string, IndexedDoc>> {
  const { rows } = await ctx.db.execute({
    sql: 'SELECT path, hash, embedded FROM corpus_docs WHERE space = ?',
    args: [ctx.index.name],
  });
  return new Map(
    rows.map((r) => [
      String(r.path),
      { path: String(r.path), hash: String(r.hash), embedded: Number(r.embedded) === 1 },
    ]),
  );
}

/** What is embedded for a chunk: its heading trail, then its text. */
export function embeddingText(chunk: Pick<Chunk, 'heading' | 'text'>): string {
  return chunk.heading ? `${chunk.heading}\n\n${chunk.text}` : chunk.text;
}

async function writeDocs(
  ctx: IndexerContext,
  docs: readonly PendingDoc[],
  signal?: AbortSignal,
): Promise<void> {
  const all = docs.flatMap((d) => d.chunks);
  const vectors = ctx.embedder ? await ctx.embedder.embed(all.map(embeddingText), { signal }) : undefined;
  const model = ctx.embedder ? embedderName(ctx.embedder) : undefined;
  let at = 0;
  try {
    await ctx.db.transaction(async (tx) => {
      for (const doc of docs) {
        await tx.execute(ctx.index.deleteGroupStatement(doc.path));
        const items: NewItem[] = doc.chunks.map((chunk) => ({
          group: doc.path,
          title: chunk.heading,
          text: chunk.text,
          meta: { start: chunk.startLine, end: chunk.endLine },
          ...(vectors ? { vector: vectors[at++]! } : {}),
        }));
        await ctx.index.addIn(tx, items, model);
        await tx.execute({
          sql: `INSERT OR REPLACE INTO corpus_docs (space, path, hash, size, chunks, embedded, indexed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)`,
          args: [
            ctx.index.name,
            doc.path,
            doc.hash,
            doc.size,
            doc.chunks.length,
            vectors ? 1 : 0,
            Date.now(),
          ],
        });
      }
    });
  } catch (error) {
    // The transaction may have fixed the space's embedder before rolling back.
    await ctx.index.reload();
    throw error;
  }
}
