/**
 * @kodama/memory: memory across conversations and local corpus search,
 * embedded in one libSQL (SQLite) file: FTS5 for words, vector columns with
 * an approximate-nearest-neighbour index for meaning, fused by reciprocal rank.
 */

export { askJson, MemoryCaptureError } from './capture/ask-json.ts';
// Capture: facts from the user's words, reconciled with what is known.
export { type CaptureResult, captureMessage } from './capture/capture-message.ts';
export { extractFacts } from './capture/extract-facts.ts';
export { type MemoryOperation, reconcileFacts } from './capture/reconcile-facts.ts';
export { Recorder } from './capture/recorder.ts';
// Corpus search.
export { type Chunk, type ChunkOptions, chunkText } from './corpus/chunk-text.ts';
export { Corpus, type CorpusHit, type CorpusOptions, type CorpusSearchResult } from './corpus/corpus.ts';
export { CorpusError } from './corpus/corpus-errors.ts';
export {
  CORPUS_TOOL_NAMES,
  type CorpusToolOptions,
  corpusLegs,
  corpusTools,
  formatHit,
} from './corpus/corpus-tools.ts';
export { estimateTokens } from './corpus/estimate-tokens.ts';
export {
  type Extractor,
  type Extractors,
  extractorFor,
  MARKDOWN_EXTENSIONS,
  TEXT_EXTENSIONS,
  utf8Text,
} from './corpus/extractors.ts';
export type { IndexProgress, IndexReport } from './corpus/index-report.ts';
export { type WatchCorpusOptions, watchCorpus } from './corpus/watch-corpus.ts';
// The database.
export { MEMORY_SCHEMA_VERSION, MemoryDatabase, type MemoryDatabaseOptions } from './db/memory-database.ts';
export { MemoryStoreError } from './db/memory-store-error.ts';
// Memory.
export { LibsqlMemoryStore, type LibsqlMemoryStoreOptions } from './memory/libsql-memory-store.ts';
export { memoryContextBlock, residentSummary } from './memory/memory-context.ts';
export { MEMORY_CAPTURED, MEMORY_ERROR, type MemoryError } from './memory/memory-events.ts';
export { MemoryExtension, type MemoryExtensionOptions } from './memory/memory-extension.ts';
export type {
  MemoryChange,
  MemoryEvent,
  MemoryHit,
  MemoryRecord,
  MemoryStore,
} from './memory/memory-store.ts';
export { MEMORY_LEGS, MEMORY_TOOL_NAMES, memoryTools } from './memory/memory-tools.ts';
// The hybrid index both build on.
export { embedderName, HybridIndex, type NewItem, type SearchRequest } from './search/hybrid-index.ts';
export { RRF_K, reciprocalRankFusion } from './search/reciprocal-rank-fusion.ts';
export type { IndexedItem, SearchHit } from './search/search-hit.ts';
