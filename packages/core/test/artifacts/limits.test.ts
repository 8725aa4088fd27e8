// Artifact limits over real HTTP: what the model reads when a result is over
// a limit (per artifact, per run in bytes, per run in count) or a read asks
// for too much, and that the rest of the Run carries on.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { Agent, ARTIFACT_READ_TOOL, InvalidOptionError } from '../../src/index.ts';
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

/** Both large tools in one batch, then an answer. */
const twoDumps = [
  {
    toolCalls: [
      { id: 'a', name: 'dump_a', arguments: {} },
      { id: 'b', name: 'dump_b', arguments: {} },
    ],
  },
  { text: 'done' },
];

describe('artifact limits', () => {
  test('a result over the per-artifact limit is refused with what to do next', async () => {
    const { agent, bodies } = await agentOverHttp(
      [{ toolCalls: [{ id: 'c1', name: 'dump', arguments: {} }] }, { text: 'done' }],
      [constantTool('dump', BIG)],
      { artifacts: { maxArtifactBytes: 100_000 } },
    );
    const run = await agent.ask('dump');
    assert.equal(run.outcome, 'completed', String(run.error));
    const content = toolMessages(bodies()[1]!)[0]!.content;
    assert.equal(
      content,
      'Error: dump returned 200,000 bytes, over the artifact limit (100,000 bytes per result), so it was not kept. ' +
        'Ask the tool for less (a narrower query, a range, a filter) and call it again.',
    );
    assert.deepEqual(run.artifacts, []);
  });

  test('the per-run count: the second large result of a run with room for one is refused', async () => {
    const { agent, bodies } = await agentOverHttp(
      twoDumps,
      [constantTool('dump_a', BIG), constantTool('dump_b', BIG)],
      { artifacts: { maxArtifacts: 1 } },
    );
    const run = await agent.ask('dump both');
    assert.equal(run.outcome, 'completed', String(run.error));
    const contents = toolMessages(bodies()[1]!).map((m) => m.content);
    const refused = contents.filter((c) => c.startsWith('Error: '));
    assert.equal(refused.length, 1, contents.map((c) => c.slice(0, 80)).join(' | '));
    assert.match(
      refused[0]!,
      /this run already stored 1 artifacts \(the limit per run\), so it was not kept\. Ask the tool for less/,
    );
    assert.equal(contents.filter((c) => /art_[0-9a-f]{32}/.test(c)).length, 1);
    assert.equal(run.artifacts.length, 1);
  });

  test('the per-run bytes: a result that would pass them is refused', async () => {
    const { agent, bodies } = await agentOverHttp(
      twoDumps,
      [constantTool('dump_a', BIG), constantTool('dump_b', BIG)],
      { artifacts: { maxRunBytes: 300_000 } },
    );
    const run = await agent.ask('dump both');
    const contents = toolMessages(bodies()[1]!).map((m) => m.content);
    const refused = contents.filter((c) => c.startsWith('Error: '));
    assert.equal(refused.length, 1);
    assert.match(
      refused[0]!,
      /this run's artifacts would pass 300,000 bytes \(the limit per run; 200,000 bytes stored\)/,
    );
    assert.equal(run.artifacts.length, 1);
  });

  test('a read over the most one read returns, or past the end, is an error naming the way out', async () => {
    const script = (request: RecordedRequest) => {
      const tools = toolMessages(request.body as ChatBody);
      if (request.callIndex === 0) return { toolCalls: [{ id: 'c1', name: 'dump', arguments: {} }] };
      const ref = refIn(tools[0]!.content);
      if (request.callIndex === 1)
        return {
          toolCalls: [
            { id: 'r1', name: ARTIFACT_READ_TOOL, arguments: { ref, offset: 0, limit: 50_000 } },
            { id: 'r2', name: ARTIFACT_READ_TOOL, arguments: { ref, offset: 200_000 } },
            { id: 'r3', name: ARTIFACT_READ_TOOL, arguments: { ref, offset: 199_990 } },
          ],
        };
      return { text: 'done' };
    };
    const { agent, bodies } = await agentOverHttp(script, [constantTool('dump', BIG)]);
    const run = await agent.ask('dump');
    assert.equal(run.outcome, 'completed', String(run.error));
    const [, tooMuch, pastEnd, last] = toolMessages(bodies()[2]!).map((m) => m.content);
    assert.match(
      tooMuch!,
      /^Error: limit 50000 is over the most one read returns \(40000 characters\); read in several ranges of at most 40000$/,
    );
    assert.match(
      pastEnd!,
      /^Error: offset 200000 is past the end of artifact art_[0-9a-f]{32} \(200000 characters\); read from an offset below 200000$/,
    );
    // The last ten characters, and the end said.
    assert.ok(last!.startsWith(BIG.slice(199_990)));
    assert.match(
      last!,
      /\[characters 199990-200000 of 200000 of artifact art_[0-9a-f]{32}; end of the artifact\]$/,
    );
  });

  test('bad limits are refused when the agent is built', async () => {
    const { agent } = await agentOverHttp([], []);
    const model = agent.model;
    assert.throws(
      () => new Agent({ model, systemPrompt: '', artifacts: { maxArtifacts: 0 } }),
      (e: unknown) =>
        InvalidOptionError.isInstance(e) &&
        /AgentOptions\.artifacts\.maxArtifacts must be a positive integer, got 0/.test((e as Error).message),
    );
    assert.throws(
      () => new Agent({ model, systemPrompt: '', artifacts: { thresholdTokens: 1000, previewTokens: 1000 } }),
      (e: unknown) =>
        InvalidOptionError.isInstance(e) &&
        /previewTokens must be less than thresholdTokens \(1000\)/.test((e as Error).message),
    );
    assert.throws(
      () => new Agent({ model, systemPrompt: '', artifacts: 'yes' as never }),
      (e: unknown) => InvalidOptionError.isInstance(e),
    );
  });
});
