import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Embedder } from '@kodama/core/model';
import type { MemoryDatabase } from '../db/memory-database.ts';
import { MemoryStoreError } from '../db/memory-store-error.ts';
import { embedderName, HybridIndex } from '../search/hybrid-index.ts';
import type { SearchHit } from '../search/search-hit.ts';
import type { ChunkOptions } from './chunk-text.ts';
import { CorpusError } from './corpus-errors.ts';
import { embeddingText, indexRoots, isUnder } from './corpus-indexer.ts';
import { CORPUS_TABLES } from './corpus-schema.ts';
import { type Extractors, extractorFor } from './extractors.ts';
import type { IndexProgress, IndexReport } from './index-report.ts';

/** Options of {@link Corpus.open}. */
export interface CorpusOptions {
  readonly db: MemoryDatabase;
  /** The project root: names the corpus (`corpus:<absolute root>`) and the base of relative source names. */
  readonly root: string;
  /** Adds vectors (hybrid search); without one, indexing and search run on FTS5 alone. */
  readonly embedder?: Embedder;
  /** Extractors for more formats (`.pdf`, `.html`), by extension. */
  readonly extractors?: Extractors;
  /** The credential denylist: a reason when a path must not be indexed or read. */
  readonly denied?: (path: string) => string | undefined;
  readonly chunk?: ChunkOptions;
  /** Files larger than this are skipped (default 10 MB). */
  readonly maxFileBytes?: number;
}

/** A passage found in the corpus. */
export interface CorpusHit extends SearchHit {
  /** The file, relative to the corpus root when inside it. */
  readonly source: string;
}

/** What {@link Corpus.search} found, and how. */
export interface CorpusSearchResult {
  readonly hits: readonly CorpusHit[];
  /** `hybrid`: BM25 and vectors; `text`: BM25 alone (no embedder, or an index without vectors). */
  readonly mode: 'hybrid' | 'text';
}

/**
 * A project's documents, searchable: chunks of its files in a
 * {@link HybridIndex} named after the root, the files' hashes (so indexing
 * again touches only what changed) and the folders indexed (which confine
 * {@link Corpus.read}). Hidden files and folders, symbolic links and the
 * denylist are never indexed or read.
 */
export class Corpus {
  /** The corpus root (absolute). */
  readonly root: string;
  readonly index: HybridIndex;
  readonly #options: CorpusOptions;

  private constructor(root: string, index: HybridIndex, options: CorpusOptions) {
    this.root = root;
    this.index = index;
    this.#options = options;
  }

  /** Opens the corpus of `root` in `db`, creating its tables when missing. */
  static async open(options: CorpusOptions): Promise<Corpus> {
    const root = resolve(options.root);
    await options.db.batch(CORPUS_TABLES);
    const index = await HybridIndex.open(options.db, `corpus:${root}`);
    return new Corpus(root, index, options);
  }

  /** The embedder given, if any. */
  get embedder(): Embedder | undefined {
    return this.#options.embedder;
  }

  /** The folders indexed so far (absolute). */
  async roots(): Promise<string[]> {
    const { rows } = await this.#options.db.execute({
      sql: 'SELECT root FROM corpus_roots WHERE space = ? ORDER BY root',
      args: [this.index.name],
    });
    return rows.map((r) => String(r.root));
  }

  /** How many files and chunks the corpus holds. */
  async stats(): Promise<{ files: number; chunks: number; vectors: number }> {
    const { rows } = await this.#options.db.execute({
      sql: 'SELECT count(*) AS n FROM corpus_docs WHERE space = ?',
      args: [this.index.name],
    });
    const { items, vectors } = await this.index.count();
    return { files: Number(rows[0]!.n), chunks: items, vectors };
  }

  /**
   * Indexes `dirs` (default: the root) incrementally and records them as roots.
   * @throws CorpusError for a folder that does not exist or is denied;
   *   MemoryStoreError / EmbeddingDimensionError when the embedder is not the one the index was built with.
   */
  async reindex(
    dirs: readonly string[] = [this.root],
    options: { signal?: AbortSignal; onProgress?: (p: IndexProgress) => void } = {},
  ): Promise<IndexReport> {
    const roots = await Promise.all(dirs.map((d) => this.#checkDir(resolve(this.root, d))));
    const { embedder } = this.#options;
    if (embedder) this.#checkModel(embedder);
    await this.#options.db.batch(
      roots.map((root) => ({
        sql: 'INSERT OR IGNORE INTO corpus_roots (space, root) VALUES (?, ?)',
        args: [this.index.name, root],
      })),
    );
    return indexRoots(
      {
        db: this.#options.db,
        index: this.index,
        embedder,
        extractors: this.#options.extractors ?? {},
        denied: this.#options.denied,
        chunk: this.#options.chunk ?? {},
        maxFileBytes: this.#options.maxFileBytes ?? 10 * 1024 * 1024,
      },
      roots,
      options,
    );
  }

  /** The best `k` passages for `query`: hybrid when the embedder and the index allow, else BM25. */
  async search(query: string, k = 5, options: { signal?: AbortSignal } = {}): Promise<CorpusSearchResult> {
    const { embedder } = this.#options;
    const hybrid = embedder !== undefined && this.index.dimensions !== undefined;
    if (hybrid) this.#checkModel(embedder);
    const vector = hybrid
      ? (await embedder.embed([embeddingText({ heading: '', text: query })], options))[0]
      : undefined;
    const hits = await this.index.search({ query, k, ...(vector ? { vector } : {}) });
    return {
      hits: hits.map((hit) => ({ ...hit, source: this.sourceName(hit.group) })),
      mode: hybrid ? 'hybrid' : 'text',
    };
  }

  /** A path as results show it: relative to the root when inside it, else absolute. */
  sourceName(path: string): string {
    return isUnder(path, this.root) ? relative(this.root, path) : path;
  }

  /**
   * The whole text of `source` (a name from a search, relative to the root, or
   * absolute), read from disk now and extracted as indexing does.
   * @throws CorpusError when it lies outside the indexed folders, is hidden
   *   or denied, cannot be read, or has no extractor.
   */
  async read(source: string): Promise<string> {
    const path = resolve(this.root, source);
    const roots = await this.roots();
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      throw new CorpusError(`no file "${source}" in the corpus (${this.sourceName(path)} does not exist)`);
    }
    const inside = await Promise.all(roots.map(async (r) => isUnder(real, await realpath(r).catch(() => r))));
    if (!inside.some(Boolean)) {
      throw new CorpusError(
        `"${source}" is outside the indexed folders (${roots.map((r) => this.sourceName(r) || '.').join(', ') || 'none yet'})`,
      );
    }
    const rel = relative(this.root, real);
    const hidden = (isAbsolute(rel) ? real : rel)
      .split(sep)
      .some((part) => part.startsWith('.') && part !== '..');
    const reason = this.#options.denied?.(real) ?? this.#options.denied?.(path);
    if (hidden || reason !== undefined)
      throw new CorpusError(`"${source}" is not readable here (hidden or credential file)`);
    const extractor = extractorFor(real, this.#options.extractors);
    if (!extractor) throw new CorpusError(`"${source}" is not a document kind the corpus reads`);
    const info = await stat(real);
    if (!info.isFile()) throw new CorpusError(`"${source}" is not a file`);
    return extractor(await readFile(real), real);
  }

  #checkModel(embedder: Embedder): void {
    const name = embedderName(embedder);
    if (this.index.embedModel !== undefined && this.index.embedModel !== name) {
      throw new MemoryStoreError(
        this.#options.db.url,
        `the index of ${this.root} was built with ${this.index.embedModel}, not ${name}: use that embedding model, or delete the index and build it again`,
      );
    }
  }

  async #checkDir(dir: string): Promise<string> {
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) throw new CorpusError(`cannot index ${dir}: it is not a folder`);
    const reason = this.#options.denied?.(dir);
    if (reason !== undefined)
      throw new CorpusError(`cannot index ${dir}: it is on the credential denylist (${reason})`);
    return dir;
  }
}
