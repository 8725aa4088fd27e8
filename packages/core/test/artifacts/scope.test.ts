// The batch a tool batch stores its artifacts in: a rollback removes them,
// and a call that finishes after it stores nothing that outlives it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_ARTIFACT_SETTINGS } from '../../src/artifacts/artifact-options.ts';
import { InMemoryArtifactStore } from '../../src/entries/session.ts';
import { ArtifactScope } from '../../src/index.ts';

const input = (text: string) => ({
  data: Buffer.from(text),
  mediaType: 'text/plain; charset=utf-8',
  toolName: 't',
  toolCallId: 'c',
  taint: undefined,
});

describe('ArtifactBatch', () => {
  test('a rollback removes what the batch stored and refunds the run limits', async () => {
    const store = new InMemoryArtifactStore();
    const scope = new ArtifactScope(store);
    const limits = { ...DEFAULT_ARTIFACT_SETTINGS, maxArtifacts: 1 };
    const batch = scope.batch();
    const stored = await batch.store(input('x'), limits);
    assert.ok(stored.ok);
    assert.equal(store.size, 1);
    await batch.rollback();
    assert.equal(store.size, 0);
    assert.deepEqual(scope.artifacts, []);
    // The count was given back: the next batch may store one again.
    assert.ok((await scope.batch().store(input('y'), limits)).ok);
  });

  test('a store that finishes after the rollback is removed, and later ones are refused', async () => {
    let release!: () => void;
    const slow = new InMemoryArtifactStore();
    const put = slow.put.bind(slow);
    slow.put = async (meta, data) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await put(meta, data);
    };
    const scope = new ArtifactScope(slow);
    const batch = scope.batch();
    const late = batch.store(input('late'), DEFAULT_ARTIFACT_SETTINGS);
    await batch.rollback();
    release();
    assert.deepEqual(await late, { ok: false, reason: 'the batch was cancelled' });
    assert.equal(slow.size, 0);
    assert.deepEqual(scope.artifacts, []);
    assert.deepEqual(await batch.store(input('after'), DEFAULT_ARTIFACT_SETTINGS), {
      ok: false,
      reason: 'the batch was cancelled',
    });
    assert.equal(slow.size, 0);
  });
});
