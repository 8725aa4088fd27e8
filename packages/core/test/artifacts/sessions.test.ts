// Artifacts and sessions over real HTTP: kept in the session's folder across
// Runs, removed with the session, and never left behind by a cancelled batch.
import assert from 'node:assert/strict';
import { access, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { InMemorySessionStore, JsonlSessionStore } from '../../src/entries/session.ts';
import { type AnyTool, ARTIFACT_READ_TOOL, defineTool, NONE, type Run } from '../../src/index.ts';
import {
  agentOverHttp,
  type ChatBody,
  closeServers,
  constantTool,
  numberedText,
  refIn,
  toolMessages,
} from './helpers.ts';

const root = await mkdtemp(join(tmpdir(), 'kodama-artifacts-sessions-'));
after(async () => {
  await closeServers();
  await rm(root, { recursive: true, force: true });
});

const BIG = numberedText(200_000);

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

const dumpThenAnswer = [{ toolCalls: [{ id: 'c1', name: 'dump', arguments: {} }] }, { text: 'stored' }];

describe('artifacts in a session', () => {
  test('a later Run of the session reads an earlier Run’s artifact; deleting the session removes them', async () => {
    const dir = join(root, 'jsonl');
    const store = new JsonlSessionStore({ dir });
    const first = await agentOverHttp(dumpThenAnswer, [constantTool('dump', BIG)]);
    const stored = await first.agent.ask('dump', { session: { id: 'kept', store } });
    const ref = stored.artifacts[0]!.ref;
    const folder = join(dir, 'kept.artifacts');
    assert.deepEqual((await readdir(folder)).sort(), [`${ref}.data`, `${ref}.json`]);

    // Another agent, another Run, the same session: the ref in the history still reads.
    const second = await agentOverHttp(
      [
        {
          toolCalls: [
            { id: 'r1', name: ARTIFACT_READ_TOOL, arguments: { ref, offset: 190_000, limit: 100 } },
          ],
        },
        { text: 'read' },
      ],
      [constantTool('dump', BIG)],
    );
    const again = await second.agent.ask('read it again', { session: { id: 'kept', store } });
    assert.equal(again.outcome, 'completed', String(again.error));
    const read = toolMessages(second.bodies()[1]!).at(-1)!.content;
    assert.ok(read.startsWith(BIG.slice(190_000, 190_100)));
    assert.deepEqual(again.artifacts, [], 'the second Run stored none');

    assert.equal(await store.delete('kept'), true);
    assert.equal(await exists(folder), false);
    assert.equal(await exists(join(dir, 'kept.jsonl')), false);
    assert.equal(await store.artifacts('kept').get(ref), undefined);
  });

  test("a fork copies the session's artifacts: its refs read in the fork, and the original keeps its own", async () => {
    for (const store of [new JsonlSessionStore({ dir: join(root, 'fork') }), new InMemorySessionStore()]) {
      const { agent } = await agentOverHttp(dumpThenAnswer, [constantTool('dump', BIG)]);
      const run = await agent.ask('dump', { session: { id: 'base', store } });
      const ref = run.artifacts[0]!.ref;
      await store.fork('base', 'copy');
      assert.equal(Buffer.from((await store.artifacts('copy').get(ref))!.data).toString(), BIG);
      await store.delete('copy');
      assert.equal(await store.artifacts('copy').get(ref), undefined);
      assert.equal((await store.artifacts('base').get(ref))?.meta.ref, ref);
    }
  });

  test('a damaged artifact file is an error the model reads, not a failed turn', async () => {
    const dir = join(root, 'damaged');
    const store = new JsonlSessionStore({ dir });
    const first = await agentOverHttp(dumpThenAnswer, [constantTool('dump', BIG)]);
    const ref = (await first.agent.ask('dump', { session: { id: 'd', store } })).artifacts[0]!.ref;
    await writeFile(join(dir, 'd.artifacts', `${ref}.json`), '{not json');
    const second = await agentOverHttp(
      [{ toolCalls: [{ id: 'r1', name: ARTIFACT_READ_TOOL, arguments: { ref } }] }, { text: 'sorry' }],
      [],
    );
    const run = await second.agent.ask('read it', { session: { id: 'd', store } });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.match(
      toolMessages(second.bodies()[1]!).at(-1)!.content,
      new RegExp(`^Error: artifact ${ref} could not be read \\(.+\\); call the tool that produced it again$`),
    );
  });

  test('the in-memory session store keeps them per session and forgets them with it', async () => {
    const store = new InMemorySessionStore();
    const { agent } = await agentOverHttp(dumpThenAnswer, [constantTool('dump', BIG)]);
    const run = await agent.ask('dump', { session: { id: 'mem', store } });
    const ref = run.artifacts[0]!.ref;
    assert.equal((await store.artifacts('mem').get(ref))?.meta.toolName, 'dump');
    assert.equal(await store.artifacts('other').get(ref), undefined);
    await store.delete('mem');
    assert.equal(await store.artifacts('mem').get(ref), undefined);
  });

  test('a cancelled batch leaves no artifact: the stored result is removed and its answer says so', async () => {
    const dir = join(root, 'cancel');
    const store = new JsonlSessionStore({ dir });
    let run: Run | undefined;
    // Sequential, so the large result is stored in full before the second call cancels the Run.
    const dump = defineTool({
      name: 'dump',
      description: 'Returns a large log.',
      parameters: { type: 'object', properties: {} },
      trifectaLegs: NONE,
      sequential: true,
      execute: () => BIG,
    });
    const cancelling: AnyTool = defineTool({
      name: 'cancel_now',
      description: 'Cancels the run and waits.',
      parameters: { type: 'object', properties: {} },
      trifectaLegs: NONE,
      execute: (_args, context) => {
        run!.cancel();
        return new Promise<string>((_, reject) =>
          context.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      },
    });
    const script = [
      {
        toolCalls: [
          { id: 'c1', name: 'dump', arguments: {} },
          { id: 'c2', name: 'cancel_now', arguments: {} },
        ],
      },
      { text: 'never' },
    ];
    const { agent, bodies } = await agentOverHttp(script, [dump, cancelling]);
    run = agent.createRun('dump then cancel', { session: { id: 'cancelled', store } });
    await run.execute();
    assert.equal(run.outcome, 'cancelled');
    assert.deepEqual(run.artifacts, []);
    // The folder was made for the artifact and is empty now.
    assert.deepEqual(await readdir(join(dir, 'cancelled.artifacts')), []);
    const answer = run.history!.messages.find(
      (m) => m.message.role === 'tool' && m.message.toolCallId === 'c1',
    )!.message as { content: string };
    assert.ok(answer.content.startsWith(BIG.slice(0, 8000)));
    assert.match(answer.content, /The rest was discarded because the tool batch was cancelled\.\]$/);
    assert.ok(!/art_[0-9a-f]{32}/.test(answer.content), 'no ref to a removed artifact');
    // The saved session says the same.
    const saved = await store.load('cancelled');
    assert.ok(
      saved!.messages.some(
        (m) =>
          m.message.role === 'tool' &&
          /discarded because/.test(String((m.message as { content: unknown }).content)),
      ),
    );
    assert.equal(bodies().length, 1);
  });

  test('a batch that ended well keeps its artifacts (the rollback is not a sweep)', async () => {
    const dir = join(root, 'kept-batch');
    const store = new JsonlSessionStore({ dir });
    const script = (request: RecordedRequest) => {
      if (request.callIndex === 0) return { toolCalls: [{ id: 'c1', name: 'dump', arguments: {} }] };
      const ref = refIn(toolMessages(request.body as ChatBody)[0]!.content);
      return { text: ref };
    };
    const { agent } = await agentOverHttp(script, [constantTool('dump', BIG)]);
    const run = await agent.ask('dump', { session: { id: 'ok', store } });
    assert.equal((await readdir(join(dir, 'ok.artifacts'))).length, 2);
    assert.equal(run.response, run.artifacts[0]!.ref);
  });
});
