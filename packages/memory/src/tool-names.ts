/**
 * The names of the corpus tools, on their own (no database module loaded):
 * for hosts and personas that name them (`--tools corpus_search`), so a
 * name is read from the package that owns the tool (`@kodama/memory/tool-names`).
 */

/** Searches the document index. */
export const CORPUS_SEARCH_TOOL = 'corpus_search';
/** Reads one indexed document. */
export const CORPUS_READ_TOOL = 'corpus_read';
/** Re-indexes the corpus. */
export const CORPUS_REINDEX_TOOL = 'corpus_reindex';
