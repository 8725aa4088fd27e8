// The per-request limits on attached images: at most maxAttachments images and
// maxAttachmentBytes bytes; the rest stay textual references; attached once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_ARTIFACT_SETTINGS } from '../../src/artifacts/artifact-options.ts';
import { ArtifactScope } from '../../src/artifacts/artifact-scope.ts';
import { InMemoryArtifactStore } from '../../src/artifacts/artifact-store.ts';
import { type TurnArtifacts, withAttachments } from '../../src/artifacts/turn-artifacts.ts';
import type { ModelMessage, ToolResultMessage } from '../../src/index.ts';

function image(i: number, bytes: number) {
  return {
    ref: `art_${String(i).repeat(32)}`,
    bytes,
    image: { type: 'image' as const, data: `img${i}`, mediaType: 'image/png' },
  };
}

function setup(limits: Partial<typeof DEFAULT_ARTIFACT_SETTINGS>, images: ReturnType<typeof image>[]) {
  const artifacts: TurnArtifacts = {
    scope: new ArtifactScope(new InMemoryArtifactStore()),
    settings: { ...DEFAULT_ARTIFACT_SETTINGS, ...limits },
    pending: new Map([['c1', images]]),
  };
  const messages: ModelMessage[] = [
    { role: 'user', content: 'go' },
    { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'shots', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c1', toolName: 'shots', content: 'five screenshots' },
  ];
  return { artifacts, messages };
}

function attached(messages: ModelMessage[]): string[] {
  const { content } = messages[2] as ToolResultMessage;
  return typeof content === 'string' ? [] : content.flatMap((p) => (p.type === 'image' ? [p.data] : []));
}

describe('withAttachments', () => {
  test('at most maxAttachments images per request (default 4); the text answer stays first', () => {
    const { artifacts, messages } = setup(
      {},
      [0, 1, 2, 3, 4].map((i) => image(i, 10)),
    );
    const out = withAttachments(messages, artifacts, true);
    assert.deepEqual(attached(out), ['img0', 'img1', 'img2', 'img3']);
    assert.deepEqual(((out[2] as ToolResultMessage).content as readonly { type: string }[])[0], {
      type: 'text',
      text: 'five screenshots',
    });
    // Once: the next request carries none.
    assert.deepEqual(attached(withAttachments(messages, artifacts, true)), []);
  });

  test('at most maxAttachmentBytes bytes: an image that would pass them is left as its reference', () => {
    const { artifacts, messages } = setup({ maxAttachmentBytes: 100 }, [
      image(1, 60),
      image(2, 60),
      image(3, 40),
    ]);
    assert.deepEqual(attached(withAttachments(messages, artifacts, true)), ['img1', 'img3']);
  });

  test('a model that reads no images gets none, and unknown image input gets them', () => {
    const off = setup({}, [image(1, 10)]);
    assert.deepEqual(attached(withAttachments(off.messages, off.artifacts, false)), []);
    const unknown = setup({}, [image(1, 10)]);
    assert.deepEqual(attached(withAttachments(unknown.messages, unknown.artifacts, undefined)), ['img1']);
  });
});
