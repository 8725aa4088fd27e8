// A large tool result over real HTTP: the model receives a preview and a ref,
// reads two ranges with artifact_read, and the Run keeps the whole value.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { ARTIFACT_READ_TOOL } from '../../src/index.ts';
import {
  agentOverHttp,
  type ChatBody,
  closeServers,
  constantTool,
  numberedText,
  refIn,
  toolMessages,
} from './helpers.ts';

after(closeServers);

const BIG = numberedText(200_000);

/** The model: calls `dump`, then reads [8000, 16000) and [100000, 105000), then answers. */
function readingScript(request: RecordedRequest) {
  const body = request.body as ChatBody;
  const tools = toolMessages(body);
  const ref = tools.length > 0 ? refIn(tools[0]!.content) : '';
  const read = (offset: number, limit: number) => ({
    toolCalls: [{ id: `read_${offset}`, name: ARTIFACT_READ_TOOL, arguments: { ref, offset, limit } }],
  });
  switch (request.callIndex) {
    case 0:
      return { toolCalls: [{ id: 'dump_1', name: 'dump', arguments: {} }] };
    case 1:
      return read(8000, 8000);
    case 2:
      return read(100_000, 5000);
    default:
      return { text: 'The log has 200,000 characters.' };
  }
}

describe('a 200,000-character tool result', () => {
  test('the model reads a preview and a ref, then two ranges; run.artifacts holds the whole', async () => {
    const { agent, bodies } = await agentOverHttp(readingScript, [constantTool('dump', BIG)]);
    const run = await agent.ask('How long is the log?');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'The log has 200,000 characters.');
    const [first, second, third, fourth] = bodies();
    assert.equal(bodies().length, 4);
    // Every request offers the reader.
    assert.ok(first!.tools?.some((t) => t.function.name === ARTIFACT_READ_TOOL));

    // Request 2: the preview (the first 8,000 characters: 2,000 tokens of ASCII) and the ref.
    const preview = toolMessages(second!)[0]!.content;
    const ref = refIn(preview);
    assert.ok(preview.startsWith(BIG.slice(0, 8000)));
    assert.ok(!preview.includes(BIG.slice(8000, 8100)), 'nothing past the preview');
    assert.match(preview, /Showing the first 8,000 of 200,000 characters/);
    assert.ok(preview.includes(`artifact_read {"ref":"${ref}","offset":8000,"limit":8000}`));
    assert.ok(preview.length < 8400, `the preview is small: ${preview.length}`);

    // Request 3: the first range, exactly.
    const range1 = toolMessages(third!)[1]!.content;
    assert.ok(range1.startsWith(BIG.slice(8000, 16000)));
    assert.ok(range1.includes(`[characters 8000-16000 of 200000 of artifact ${ref}; next:`));
    assert.ok(!range1.includes(BIG.slice(16000, 16100)));

    // Request 4: the second range, exactly; the earlier answers are unchanged.
    const tools4 = toolMessages(fourth!);
    assert.equal(tools4[0]!.content, preview);
    assert.equal(tools4[1]!.content, range1);
    assert.ok(tools4[2]!.content.startsWith(BIG.slice(100_000, 105_000)));
    assert.ok(tools4[2]!.content.includes('[characters 100000-105000 of 200000'));

    // The application keeps the whole value.
    assert.equal(run.artifacts.length, 1);
    const [artifact] = run.artifacts;
    assert.equal(artifact!.ref, ref);
    assert.equal(artifact!.text, BIG);
    assert.equal(artifact!.toolName, 'dump');
    assert.equal(artifact!.toolCallId, 'dump_1');
    assert.equal(artifact!.bytes, Buffer.byteLength(BIG));
    assert.match(artifact!.mediaType, /^text\/plain/);
  });

  test('small results are unchanged and store nothing', async () => {
    const small = numberedText(30_000); // 7,500 tokens: under the 10,000 threshold
    const { agent, bodies } = await agentOverHttp(
      [{ toolCalls: [{ id: 'c1', name: 'dump', arguments: {} }] }, { text: 'ok' }],
      [constantTool('dump', small)],
    );
    const run = await agent.ask('dump');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(toolMessages(bodies()[1]!)[0]!.content, small);
    assert.deepEqual(run.artifacts, []);
  });

  test('without the option a large result is cut in the middle as before, and there is no reader', async () => {
    const { agent, bodies } = await agentOverHttp(
      [{ toolCalls: [{ id: 'c1', name: 'dump', arguments: {} }] }, { text: 'ok' }],
      [constantTool('dump', BIG)],
      { artifacts: false },
    );
    const run = await agent.ask('dump');
    assert.equal(run.outcome, 'completed', String(run.error));
    const content = toolMessages(bodies()[1]!)[0]!.content;
    assert.match(content, /removed from the middle of this result/);
    assert.ok(!/art_[0-9a-f]{32}/.test(content));
    assert.ok(!bodies()[0]!.tools?.some((t) => t.function.name === ARTIFACT_READ_TOOL));
    assert.deepEqual(run.artifacts, []);
  });

  test("the agent's maxResultTokens is the threshold: nothing over the budget is cut, the preview is a fifth", async () => {
    const text = numberedText(30_000); // 7,500 tokens: over a budget of 1,000
    const { agent, bodies } = await agentOverHttp(
      [{ toolCalls: [{ id: 'c1', name: 'dump', arguments: {} }] }, { text: 'ok' }],
      [constantTool('dump', text)],
      { agent: { maxResultTokens: 1000 } },
    );
    const run = await agent.ask('dump');
    const content = toolMessages(bodies()[1]!)[0]!.content;
    assert.ok(content.startsWith(text.slice(0, 800)));
    assert.match(content, /Showing the first 800 of 30,000 characters/);
    assert.ok(!content.includes('removed from the middle'));
    assert.equal(run.artifacts[0]?.text, text);
  });

  test('a threshold of its own: a 3,000-token result becomes an artifact with a 500-token preview', async () => {
    const text = numberedText(12_000);
    const { agent, bodies } = await agentOverHttp(
      [{ toolCalls: [{ id: 'c1', name: 'dump', arguments: {} }] }, { text: 'ok' }],
      [constantTool('dump', text)],
      { artifacts: { thresholdTokens: 2_000, previewTokens: 500 } },
    );
    const run = await agent.ask('dump');
    const content = toolMessages(bodies()[1]!)[0]!.content;
    assert.ok(content.startsWith(text.slice(0, 2000)));
    assert.match(content, /Showing the first 2,000 of 12,000 characters/);
    assert.equal(run.artifacts[0]?.text, text);
  });
});
