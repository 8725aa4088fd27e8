/** @kodama/core/compaction: long conversations — when to compact, the plan, the request, applying it. */
export { applyCompaction } from '../compaction/apply-compaction.ts';
export type { CompactionInfo } from '../compaction/compaction-info.ts';
export { type CompactionRequestOptions, compactionRequest } from '../compaction/compaction-request.ts';
export { isContextOverflow } from '../compaction/is-context-overflow.ts';
export {
  type CompactionOptions,
  type CompactionPlan,
  planCompaction,
} from '../compaction/plan-compaction.ts';
export { type ShouldCompactInput, shouldCompact } from '../compaction/should-compact.ts';
