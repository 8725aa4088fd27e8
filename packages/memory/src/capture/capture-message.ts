import type { Model } from '@kodama/core';
import type { MemoryRecord, MemoryStore } from '../memory/memory-store.ts';
import { extractFacts } from './extract-facts.ts';
import { type MemoryOperation, reconcileFacts } from './reconcile-facts.ts';

/** What one capture changed. */
export interface CaptureResult {
  readonly facts: readonly string[];
  /** The operations applied (NONE included), in order. */
  readonly operations: readonly MemoryOperation[];
}

/** How many existing memories each new fact is compared with. */
const RELATED_PER_FACT = 5;

/**
 * Captures one user message: the model lists the facts in it; each is
 * searched among the user's memories; when related memories exist the model
 * decides ADD / UPDATE / DELETE / NONE for each fact (strict JSON), else
 * every fact is added. Every change is recorded with `source`.
 */
export async function captureMessage(
  options: { model: Model; store: MemoryStore; userId: string; source: string; signal?: AbortSignal },
  message: string,
): Promise<CaptureResult> {
  const { model, store, userId, source, signal } = options;
  const facts = await extractFacts(model, message, signal);
  if (facts.length === 0) return { facts, operations: [] };
  const related = new Map<string, MemoryRecord>();
  for (const fact of facts) {
    for (const hit of await store.search(userId, fact, RELATED_PER_FACT, { signal }))
      related.set(hit.id, hit);
  }
  const operations =
    related.size === 0
      ? facts.map((text): MemoryOperation => ({ event: 'ADD', text }))
      : await reconcileFacts(model, facts, [...related.values()], signal);
  for (const op of operations) {
    if (op.event === 'ADD') await store.add(userId, op.text, source);
    else if (op.event === 'UPDATE') await store.update(userId, op.id, op.text, source);
    else if (op.event === 'DELETE') await store.remove(userId, op.id, source);
  }
  return { facts, operations };
}
