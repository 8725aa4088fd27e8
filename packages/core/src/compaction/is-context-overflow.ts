import type { ModelErrorKind } from '../errors/model-error.ts';

const OVERFLOW: ModelErrorKind = 'context-overflow';
// Enough for a wrapper or two around the adapter's ModelError; bounds hostile or cyclic chains.
const MAX_DEPTH = 8;

/**
 * True when a model call failed because the request was too long for the
 * model's context window (what compaction can fix).
 *
 * Reads the fact the provider adapter set, never the provider's wording
 * (that knowledge lives in `@kodama/models`, which gives such a failure
 * `kind: 'context-overflow'`): a `ModelError` of that kind, or any object
 * that says so structurally (`kind: 'context-overflow'`, from another copy
 * of kodama or a hand-written Model), itself or along its `cause` chain.
 * An error that merely speaks of context length in its message is not one.
 */
export function isContextOverflow(error: unknown): boolean {
  const seen = new Set<object>();
  let value: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (typeof value !== 'object' || value === null || seen.has(value)) return false;
    seen.add(value);
    const fields = value as { kind?: unknown; cause?: unknown };
    if (fields.kind === OVERFLOW) return true;
    value = fields.cause;
  }
  return false;
}
