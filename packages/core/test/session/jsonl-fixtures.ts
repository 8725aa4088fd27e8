// What the JSONL store's test files share: a temporary root (removed after
// the file's tests) with a fresh directory per test, the two message shapes
// they store, and the check that a call was refused with a SessionStoreError.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { HistoryMessage } from '@kodama/core/history';
import { SessionStoreError } from '@kodama/core/session';

/** A temporary folder for one test file, and a fresh path under it per call. */
export interface JsonlRoot {
  /** The folder itself (removed after the file's tests). */
  readonly root: string;
  /** A new path under the root that does not exist yet (`d1`, `d2`, ...). */
  freshDir(): string;
}

/** Makes a {@link JsonlRoot} named after `prefix` and removes it after the calling file's tests. */
export async function jsonlRoot(prefix: string): Promise<JsonlRoot> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  after(() => rm(root, { recursive: true, force: true }));
  let n = 0;
  return { root, freshDir: () => join(root, `d${++n}`) };
}

/** A user message with its id. */
export const user = (id: string, content: string): HistoryMessage => ({
  id,
  kind: 'user',
  message: { role: 'user', content },
});

/** An assistant answer (no tool calls) with its id. */
export const answer = (id: string, text: string): HistoryMessage => ({
  id,
  kind: 'assistant',
  message: { role: 'assistant', text, toolCalls: [] },
});

/**
 * For `assert.rejects`: the error is a SessionStoreError about `source`
 * whose problem matches `problem`, and passes `more` (a file's own checks).
 */
export function storeError(
  source: string,
  problem: RegExp,
  more: (error: SessionStoreError) => void = () => {},
): (error: unknown) => true {
  return (error) => {
    assert.ok(SessionStoreError.isInstance(error), String(error));
    assert.equal(error.source, source);
    assert.match(error.problem, problem);
    more(error);
    return true;
  };
}
