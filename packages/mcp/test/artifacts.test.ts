// An MCP image result with artifacts on, the model over real HTTP (the testkit's
// scripted server and the openai-compatible provider): attached to the next
// request for a model that reads images, a textual reference for one that does
// not, and stored as an artifact the Run keeps.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Agent } from '@kodama/core';
import type { ModelCapabilities } from '@kodama/core/model';
import { resolveModel } from '@kodama/models';
import { type RecordedRequest, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { McpExtension, McpRegistry, SCREENING_PROMPT } from '../src/index.ts';
import { closeLater, stdioEntry, tempDir } from './helpers.ts';

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

interface Body {
  messages: { role: string; content?: unknown }[];
}

/** The fixture's picture: a PNG signature, 8 bytes. */
const PIXEL = 'iVBORw0KGgo=';

/** The agent's model: connect fx, call its picture, call its weather, answer; screening and descriptions answered. */
async function agentOver(capabilities: ModelCapabilities) {
  const bodies: Body[] = [];
  const server = await startOpenAICompatibleServer({
    script: (request: RecordedRequest) => {
      const body = request.body as Body;
      const system = String(body.messages.find((m) => m.role === 'system')?.content ?? '');
      if (system === SCREENING_PROMPT) return { text: 'OK' };
      if (system.startsWith('You write the one-line description')) return { text: 'Fixture tools.' };
      bodies.push(body);
      const steps = [
        { toolCalls: [{ id: 'c1', name: 'mcp_connect', arguments: { id: 'fx' } }] },
        { toolCalls: [{ id: 'c2', name: 'fx__picture', arguments: {} }] },
        { toolCalls: [{ id: 'c3', name: 'fx__weather', arguments: {} }] },
      ];
      return steps[bodies.length - 1] ?? { text: 'a red pixel' };
    },
  });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
    maxRetries: 0,
    capabilities,
  });
  const mcp = new McpExtension({ registry: new McpRegistry([stdioEntry('fx')]), cacheDir: tempDir() });
  const agent = new Agent({
    model,
    systemPrompt: 'You test.',
    artifacts: true,
    configure: (c) => c.addExtension(mcp),
  });
  closeLater(() => agent.close());
  return { agent, bodies };
}

/** Every `image_url` part of a request, anywhere. */
function imageUrls(body: Body): string[] {
  return body.messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as { type: string; image_url?: { url: string } }[])
          .filter((p) => p.type === 'image_url')
          .map((p) => p.image_url!.url)
      : [],
  );
}

function pictureAnswer(body: Body): string {
  return String(body.messages.filter((m) => m.role === 'tool')[1]!.content);
}

describe('an MCP image result with artifacts', () => {
  test('a model that reads images gets it attached to the next request, once', async () => {
    const { agent, bodies } = await agentOver({ imageInput: true });
    const run = await agent.ask('show me the picture');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(bodies.length, 4);
    const [, , afterPicture, afterWeather] = bodies;
    assert.deepEqual(imageUrls(afterPicture!), [`data:image/png;base64,${PIXEL}`]);
    // The tool answer is text: the MCP text and the image's reference.
    assert.match(
      pictureAnswer(afterPicture!),
      /^a red pixel\n\[image art_[0-9a-f]{32} \(image\/png, 8 bytes\)\]$/,
    );
    // The request after it carries the reference only: the bytes travel once.
    assert.deepEqual(imageUrls(afterWeather!), []);
    assert.equal(pictureAnswer(afterWeather!), pictureAnswer(afterPicture!));
    // The Run keeps the image; the history keeps the reference, not the bytes.
    assert.equal(run.artifacts.length, 1);
    assert.equal(run.artifacts[0]!.mediaType, 'image/png');
    assert.equal(Buffer.from(run.artifacts[0]!.data).toString('base64'), PIXEL);
    assert.equal(run.artifacts[0]!.toolName, 'fx__picture');
    assert.ok(!JSON.stringify(run.history!.messages).includes(PIXEL));
  });

  test('a model that reads no images gets the textual reference only', async () => {
    const { agent, bodies } = await agentOver({ imageInput: false });
    const run = await agent.ask('show me the picture');
    assert.equal(run.outcome, 'completed', String(run.error));
    const afterPicture = bodies[2]!;
    assert.deepEqual(imageUrls(afterPicture), []);
    assert.ok(!JSON.stringify(afterPicture).includes(PIXEL));
    assert.match(pictureAnswer(afterPicture), /\[image art_[0-9a-f]{32} \(image\/png, 8 bytes\)\]$/);
    assert.equal(run.artifacts.length, 1);
  });
});
