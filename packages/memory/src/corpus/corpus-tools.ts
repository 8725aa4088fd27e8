import { type AnyTool, defineTool, params, type TrifectaLegs } from '@kodama/core';
import type { UntrustedLevel } from '@kodama/core/trifecta';
import type { Corpus, CorpusHit } from './corpus.ts';
import { CorpusError } from './corpus-errors.ts';

/** The names of the corpus tools, for registries and personas. */
export const CORPUS_TOOL_NAMES = ['corpus_search', 'corpus_read', 'corpus_reindex'] as const;

/** Options of {@link corpusTools}. */
export interface CorpusToolOptions {
  /**
   * How far the indexed documents can be trusted: `none` (default) for the
   * person's own project, `soft` or `hard` for folders others write (a cloned
   * repository, downloaded papers).
   */
  readonly untrusted?: UntrustedLevel;
  /** Characters of each passage shown by corpus_search (default 700). */
  readonly snippetChars?: number;
}

/**
 * The corpus's trifecta legs: the project's documents are private data;
 * untrusted as the host says; nothing leaves (an embedding request goes to
 * the embedding provider, trusted like the chat model's).
 */
export function corpusLegs(untrusted: UntrustedLevel = 'none'): TrifectaLegs {
  return Object.freeze({ privateData: true, untrusted, egress: 'none' });
}

/** One numbered hit: `[n] source › heading (score=0.0325)`, then the passage. */
export function formatHit(hit: CorpusHit, n: number, snippetChars: number): string {
  const where = hit.title ? `${hit.source} › ${hit.title}` : hit.source;
  const lines = typeof hit.meta.start === 'number' ? ` lines ${hit.meta.start}-${hit.meta.end}` : '';
  const text = hit.text.length > snippetChars ? `${hit.text.slice(0, snippetChars)}…` : hit.text;
  return `[${n}] ${where}${lines} (score=${hit.score.toFixed(4)})\n${text}`;
}

/**
 * `corpus_search(query, top_k)`, `corpus_read(source)` and `corpus_reindex()`
 * over one corpus. Search answers numbered passages with `source (score=…)`;
 * without an embedder it runs on BM25 alone and says so in its first answer.
 */
export function corpusTools(corpus: Corpus, options: CorpusToolOptions = {}): AnyTool[] {
  const legs = corpusLegs(options.untrusted);
  const snippetChars = options.snippetChars ?? 700;
  let toldTextOnly = false;
  const search = defineTool({
    name: 'corpus_search',
    description: `Searches the project's indexed documents (Markdown, text, code, PDF, HTML) and answers the best passages, numbered, each with its source file and score.
Usage:
- Ask in words the documents would use; several short searches beat one long one.
- Read a whole document with corpus_read(source) when a passage is not enough.`,
    parameters: params()
      .requiredString('query', 'What to look for, e.g. "how are releases signed"')
      .optionalInteger('top_k', 'How many passages (1-20, default 5)'),
    trifectaLegs: legs,
    // It answers from kodama's own index: no file, command or network.
    effects: { kinds: [], of: () => [] },
    async execute({ query, top_k }, context) {
      const k = top_k ?? 5;
      if (k < 1 || k > 20) return `Error: top_k must be between 1 and 20, got ${k}`;
      const { hits, mode } = await corpus.search(query, k, { signal: context.signal });
      const notes: string[] = [];
      if (mode === 'text' && !toldTextOnly) {
        toldTextOnly = true;
        notes.push('(keyword search only: no embedding model is configured for this index)');
      }
      if (hits.length === 0) {
        const { files } = await corpus.stats();
        notes.push(
          files === 0
            ? 'The index is empty: nothing has been indexed yet.'
            : `No passage matches "${query}".`,
        );
        return notes.join('\n');
      }
      return [...notes, ...hits.map((hit, i) => formatHit(hit, i + 1, snippetChars))].join('\n\n');
    },
  });
  const read = defineTool({
    name: 'corpus_read',
    description: `Reads a whole document of the indexed corpus, by the source name corpus_search showed.
Usage:
- Use it after corpus_search, for the document around a passage.`,
    parameters: params().requiredString(
      'source',
      'The source as corpus_search named it, e.g. "docs/setup.md"',
    ),
    trifectaLegs: legs,
    // The document is read from disk, relative to the corpus root: path rules apply to it.
    effects: { kinds: ['readsPath'], of: ({ source }) => [{ kind: 'readsPath', path: source }] },
    async execute({ source }) {
      try {
        return await corpus.read(source);
      } catch (error) {
        if (CorpusError.isInstance(error)) return `Error: ${error.message}`;
        throw error;
      }
    },
  });
  const reindex = defineTool({
    name: 'corpus_reindex',
    description: `Brings the corpus index up to date with the files on disk (only changed files are read again).
Usage:
- Call it when documents were added or edited during the conversation.`,
    parameters: params(),
    trifectaLegs: legs,
    sequential: true,
    async execute(_args, context) {
      const report = await corpus.reindex(await corpus.roots().then((r) => (r.length > 0 ? r : undefined)), {
        signal: context.signal,
      });
      const skipped = report.skipped.length > 0 ? `, ${report.skipped.length} skipped` : '';
      return `Index updated: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.removed} removed${skipped}.`;
    },
  });
  return [search, read, reindex];
}
