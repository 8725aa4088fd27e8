// Structured content reaches the model once, the model over real HTTP (the testkit's scripted
// server and the openai-compatible provider): a server that puts a file's text in a text block and
// again as structured content (server-filesystem's read_text_file) gives the model the text once; an
// image it also repeats as structured base64 (read_media_file) reaches the model as an image only.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Agent } from '@kodama/core';
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

/** An agent whose model connects fx, calls `tool`, and answers; returns the requests it was sent. */
async function callOver(tool: string, args: string[] = []) {
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
        { toolCalls: [{ id: 'c2', name: `fx__${tool}`, arguments: {} }] },
      ];
      return steps[bodies.length - 1] ?? { text: 'done' };
    },
  });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
    maxRetries: 0,
    capabilities: { imageInput: true },
  });
  const mcp = new McpExtension({ registry: new McpRegistry([stdioEntry('fx', args)]), cacheDir: tempDir() });
  const agent = new Agent({
    model,
    systemPrompt: 'You test.',
    artifacts: true,
    configure: (c) => c.addExtension(mcp),
  });
  closeLater(() => agent.close());
  const run = await agent.ask('go');
  assert.equal(run.outcome, 'completed', String(run.error));
  return bodies;
}

describe('structured content', () => {
  test("a file's text in a block and in structured content reaches the model once", async () => {
    const bodies = await callOver('readfile', ['--file-chars', '6654']);
    const answer = bodies[2]!.messages.filter((m) => m.role === 'tool')[1]!.content;
    // Before: 13,927 characters (the text, a newline, and the structured value as JSON).
    assert.equal(typeof answer, 'string');
    assert.equal((answer as string).length, 6654);
    assert.equal(answer, 'abcdefghij\n'.repeat(1000).slice(0, 6654));
  });

  test('an image repeated as structured base64 reaches the model as an image only', async () => {
    const bodies = await callOver('media');
    const sent = JSON.stringify(bodies[2]);
    // Once, as the attached image's data URL; never as text in the tool's answer.
    assert.equal(sent.split('iVBORw0KGgo=').length - 1, 1);
    assert.match(sent, /data:image\/png;base64,iVBORw0KGgo=/);
    const answer = String(bodies[2]!.messages.filter((m) => m.role === 'tool')[1]!.content);
    assert.match(answer, /^\[image art_[0-9a-f]{32} \(image\/png, 8 bytes\)\]$/);
  });
});
