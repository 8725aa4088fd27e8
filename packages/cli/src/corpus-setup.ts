import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Embedder } from '@kodama/core/model';
import { defaultSessionDir } from '@kodama/core/session';
import type { Corpus, Extractors, MemoryDatabase, MemoryExtension } from '@kodama/memory';
import { CORPUS_READ_TOOL, CORPUS_REINDEX_TOOL, CORPUS_SEARCH_TOOL } from '@kodama/memory/tool-names';
import type { KodamaConfig } from './config.ts';
import type { ToolFamily } from './tool-setup.ts';

/** Where memories and corpus indexes live: `<data>/kodama/memory.db` (`<data>`: `$XDG_DATA_HOME`, else `~/.local/share`). */
export function memoryDbPath(env: NodeJS.ProcessEnv): string {
  return join(dirname(defaultSessionDir(env)), 'memory.db');
}

/** Opens the memory database (its folder made private when missing). */
export async function openMemoryDb(env: NodeJS.ProcessEnv): Promise<MemoryDatabase> {
  const { MemoryDatabase } = await import('@kodama/memory');
  const path = memoryDbPath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  return MemoryDatabase.open({ url: `file:${path}` });
}

/** PDF and HTML, read by the web tools' extraction (`@kodama/tools/scrape`), loaded when a file needs them. */
export function documentExtractors(): Extractors {
  const scrape = () => import('@kodama/tools/scrape');
  const html = async (bytes: Uint8Array, path: string) =>
    (await scrape()).extractHtml(new TextDecoder().decode(bytes), pathToFileURL(path).href);
  return {
    '.pdf': async (bytes) => (await scrape()).pdfToText(bytes),
    '.html': html,
    '.htm': html,
  };
}

/** The workspace's credential denylist, as the corpus asks for it. */
export async function credentialDenylist(): Promise<(path: string) => string | undefined> {
  const { Denylist } = await import('@kodama/workspace');
  const denylist = new Denylist();
  return (path) => denylist.deniedReason(path);
}

/** The setting that remembers which embedding target built a corpus (so search embeds queries alike). */
export function embedSettingKey(indexName: string): string {
  return `embed:${indexName}`;
}

/**
 * The embedding target to use when neither an explicit `--embed` nor a target
 * an index recorded applies: `$KODAMA_EMBED`, else the configuration's `embed`
 * (the configuration as the command read it: this reads no file).
 */
export function defaultEmbedTarget(env: NodeJS.ProcessEnv, config: KodamaConfig): string | undefined {
  return env.KODAMA_EMBED?.trim() || config.embed?.trim() || undefined;
}

/**
 * Whether `kodama index` has indexed `root` (at least one file). Creates
 * nothing: without the memory database the answer is false at once, and a
 * database that holds no corpus tables is only read.
 *
 * @throws MemoryStoreError when the database cannot be read.
 */
export async function corpusIndexed(env: NodeJS.ProcessEnv, root: string): Promise<boolean> {
  if (!existsSync(memoryDbPath(env))) return false;
  const db = await openMemoryDb(env);
  try {
    const tables = await db.execute(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'corpus_docs'",
    );
    if (tables.rows.length === 0) return false;
    const { rows } = await db.execute({
      sql: 'SELECT 1 FROM corpus_docs WHERE space = ? LIMIT 1',
      args: [`corpus:${resolve(root)}`],
    });
    return rows.length > 0;
  } finally {
    db.close();
  }
}

/** What {@link openCorpus} returns. */
export interface OpenedCorpus {
  readonly db: MemoryDatabase;
  readonly corpus: Corpus;
  /** The embedding target in use, or `undefined` (keyword search only). */
  readonly embedTarget: string | undefined;
}

/**
 * Opens the corpus of `root` with its embedder: `embed` when given (an
 * explicit `--embed`), else the target the index was built with, else
 * `defaultEmbed` (`$KODAMA_EMBED`, else the configuration's `embed`: see
 * {@link defaultEmbedTarget}), else none. Closes the database if anything fails.
 */
export async function openCorpus(options: {
  readonly env: NodeJS.ProcessEnv;
  readonly root: string;
  readonly embed?: string;
  readonly defaultEmbed?: string | undefined;
}): Promise<OpenedCorpus> {
  const { Corpus } = await import('@kodama/memory');
  const db = await openMemoryDb(options.env);
  try {
    const root = resolve(options.root);
    const recorded = await db.getSetting(embedSettingKey(`corpus:${root}`));
    const embedTarget = options.embed ?? recorded ?? options.defaultEmbed;
    let embedder: Embedder | undefined;
    if (embedTarget !== undefined) {
      const { resolveEmbedder } = await import('@kodama/models');
      embedder = resolveEmbedder(embedTarget, { env: options.env });
    }
    const corpus = await Corpus.open({
      db,
      root,
      ...(embedder ? { embedder } : {}),
      extractors: documentExtractors(),
      denied: await credentialDenylist(),
    });
    return { db, corpus, embedTarget };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * corpus_search, corpus_read and corpus_reindex over the index of the
 * project root (`kodama index` builds it). The data folder comes from the
 * process environment: a tool family is given no other.
 */
export const CORPUS_TOOLS: ToolFamily = {
  names: [CORPUS_SEARCH_TOOL, CORPUS_READ_TOOL, CORPUS_REINDEX_TOOL],
  async build(names, setup) {
    const { corpusTools } = await import('@kodama/memory');
    const { db, corpus } = await openCorpus({
      env: process.env,
      root: setup.root,
      defaultEmbed: defaultEmbedTarget(process.env, setup.config),
    });
    setup.onClose(() => db.close());
    return corpusTools(corpus).filter((tool) => names.includes(tool.name));
  },
};

/**
 * The memory extension for an agent of the command line, over the memory
 * database: keyed by `userId`, embedding with `embed` (remembered for later
 * searches, as `kodama memory search` reads it), else the target remembered
 * before, else `defaultEmbed` (`$KODAMA_EMBED` or the configuration's `embed`),
 * else words only. The caller closes `db` after the agent (whose close flushes the captures).
 */
export async function openMemoryExtension(options: {
  readonly env: NodeJS.ProcessEnv;
  readonly userId: string;
  readonly embed?: string;
  readonly defaultEmbed?: string | undefined;
}): Promise<{ readonly db: MemoryDatabase; readonly extension: MemoryExtension }> {
  const { LibsqlMemoryStore, MemoryExtension } = await import('@kodama/memory');
  const db = await openMemoryDb(options.env);
  try {
    const key = embedSettingKey('memory');
    const target = options.embed ?? (await db.getSetting(key)) ?? options.defaultEmbed;
    let embedder: Embedder | undefined;
    if (target !== undefined) {
      const { resolveEmbedder } = await import('@kodama/models');
      embedder = resolveEmbedder(target, { env: options.env });
      await db.setSetting(key, target);
    }
    const store = await LibsqlMemoryStore.open({ db, ...(embedder ? { embedder } : {}) });
    return { db, extension: await MemoryExtension.create({ store, userId: options.userId }) };
  } catch (error) {
    db.close();
    throw error;
  }
}
