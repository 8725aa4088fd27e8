// Images a tool returns, with artifacts on, over real HTTP: stored, attached to
// the next request for a model that reads images, and read back with
// artifact_read the same way; a model that reads none never gets the bytes.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { ARTIFACT_READ_TOOL, defineTool, NONE } from '../../src/index.ts';
import { agentOverHttp, type ChatBody, closeServers, refIn, toolMessages } from './helpers.ts';

after(closeServers);

const PIXEL = 'iVBORw0KGgo=';

const screenshot = defineTool({
  name: 'screenshot',
  description: 'Takes a screenshot.',
  parameters: { type: 'object', properties: {} },
  trifectaLegs: NONE,
  execute: () => [
    { type: 'text' as const, text: 'the screen' },
    { type: 'image' as const, data: PIXEL, mediaType: 'image/png' },
  ],
});

function script(request: RecordedRequest) {
  if (request.callIndex === 0) return { toolCalls: [{ id: 's1', name: 'screenshot', arguments: {} }] };
  if (request.callIndex === 1) {
    const ref = refIn(toolMessages(request.body as ChatBody)[0]!.content);
    return { toolCalls: [{ id: 'r1', name: ARTIFACT_READ_TOOL, arguments: { ref } }] };
  }
  return { text: 'a pixel' };
}

function imageUrls(body: ChatBody): string[] {
  return body.messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as { type: string; image_url?: { url: string } }[])
          .filter((p) => p.type === 'image_url')
          .map((p) => p.image_url!.url)
      : [],
  );
}

describe('images with artifacts', () => {
  test('a model that reads images gets the screenshot once, then the image it reads back once', async () => {
    const { agent, bodies } = await agentOverHttp(script, [screenshot], {
      capabilities: { imageInput: true },
    });
    const run = await agent.ask('look');
    assert.equal(run.outcome, 'completed', String(run.error));
    const [, afterShot, afterRead] = bodies();
    assert.deepEqual(imageUrls(afterShot!), [`data:image/png;base64,${PIXEL}`]);
    assert.match(
      toolMessages(afterShot!)[0]!.content,
      /^the screen\n\[image art_[0-9a-f]{32} \(image\/png, 8 bytes\)\]$/,
    );
    assert.deepEqual(
      imageUrls(afterRead!),
      [`data:image/png;base64,${PIXEL}`],
      'the read, not the first again',
    );
    assert.match(
      toolMessages(afterRead!)[1]!.content,
      /^Artifact art_[0-9a-f]{32} \(image\/png, 8 bytes\):$/,
    );
    assert.equal(run.artifacts.length, 1, 'read back, not stored again');
  });

  test('a model that reads no images never gets the bytes, neither stored nor read back', async () => {
    const { agent, bodies } = await agentOverHttp(script, [screenshot], {
      capabilities: { imageInput: false },
    });
    const run = await agent.ask('look');
    assert.equal(run.outcome, 'completed', String(run.error));
    for (const body of bodies()) assert.ok(!JSON.stringify(body).includes(PIXEL));
    assert.match(
      toolMessages(bodies()[2]!)[1]!.content,
      /^Artifact art_[0-9a-f]{32} \(image\/png, 8 bytes\):$/,
    );
  });
});
