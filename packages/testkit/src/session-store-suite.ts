import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { InvalidOptionError } from '@kodama/core';
import type { Clock } from '@kodama/core/ids';
import { SessionExistsError, SessionNotFoundError, type SessionStore } from '@kodama/core/session';
import {
  answer,
  assertSameMessages,
  conversation,
  ManualClock,
  run,
  USAGE,
  user,
} from './session-store-fixtures.ts';
import { guaranteeTests } from './session-store-guarantees.ts';

/**
 * Builds a fresh, empty store for one test. The store must read the time from
 * `clock` (the suite moves it to check `createdAt`, `updatedAt` and the
 * listing order).
 */
export type MakeSessionStore = (clock: Clock) => SessionStore | Promise<SessionStore>;

/**
 * The behaviour every `SessionStore` shares, as a `node:test` suite: round
 * trips of every content kind, titles, listing order and counts, replace,
 * fork, delete, run records, concurrency, id checks and close. Call it from a
 * test file with a factory that returns a fresh, empty store each time; a
 * store that passes it can stand in for any other.
 */
export function describeSessionStore(name: string, makeStore: MakeSessionStore): void {
  describe(`SessionStore contract: ${name}`, () => {
    /** Runs `body` with a fresh store and clock, closing the store afterwards. */
    const withStore = (title: string, body: (store: SessionStore, clock: ManualClock) => Promise<void>) =>
      test(title, async () => {
        const clock = new ManualClock();
        const store = await makeStore(clock);
        try {
          await body(store, clock);
        } finally {
          await store.close();
        }
      });

    withStore('a missing session loads as undefined and lists nothing', async (store) => {
      assert.equal(await store.load('nobody'), undefined);
      assert.deepEqual(await store.list(), []);
      assert.deepEqual(await store.listRuns('nobody'), []);
    });

    withStore(
      'round trip: text, images, reasoning, tool calls and results, usage, model ids',
      async (store) => {
        const messages = conversation();
        await store.append('s1', messages.slice(0, 1));
        await store.append('s1', messages.slice(1, 4));
        await store.append('s1', messages.slice(4));
        const loaded = await store.load('s1');
        assert.ok(loaded);
        assertSameMessages(loaded.messages, messages);
        assert.deepEqual(loaded.messages[1]?.usage, USAGE);
        assert.equal(loaded.messages[1]?.modelId, 'claude-sonnet-4');
        assert.equal(loaded.info.messageCount, 6);
      },
    );

    withStore('what is stored is a copy: later changes to either side do not leak', async (store) => {
      const messages = conversation().map((m) => ({ ...m, extra: 'not part of the format' }));
      await store.append('s1', messages);
      (messages[0] as { id: string }).id = 'changed';
      const first = await store.load('s1');
      assert.equal(first?.messages[0]?.id, 'm1');
      assert.equal('extra' in (first?.messages[0] ?? {}), false);
      (first?.messages[0] as { id: string }).id = 'changed too';
      assert.equal((await store.load('s1'))?.messages[0]?.id, 'm1');
    });

    withStore('an append with no messages creates an empty session', async (store, clock) => {
      await store.append('s1', [], { model: 'openai:gpt-4.1' });
      const loaded = await store.load('s1');
      assert.deepEqual(loaded?.messages, []);
      assert.deepEqual(loaded?.info, {
        id: 's1',
        title: undefined,
        model: 'openai:gpt-4.1',
        messageCount: 0,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
    });

    withStore('createdAt stays, updatedAt follows the latest write', async (store, clock) => {
      const created = clock.now();
      await store.append('s1', [user('m1', 'hi')]);
      const later = clock.advance(5000);
      await store.append('s1', [answer('m2', 'hello')]);
      const info = (await store.load('s1'))?.info;
      assert.equal(info?.createdAt, created);
      assert.equal(info?.updatedAt, later);
    });

    withStore('the title comes from the first user message with text, trimmed, once', async (store) => {
      await store.append('a', [
        { id: 'i', kind: 'injected', message: { role: 'user', content: 'injected text' } },
      ]);
      assert.equal((await store.load('a'))?.info.title, undefined);
      await store.append('a', [user('m1', '   \n\t '), user('m2', '  Fix   the\n\nbuild  ')]);
      await store.append('a', [user('m3', 'Something else')]);
      assert.equal((await store.load('a'))?.info.title, 'Fix the build');
      const long = `${'word '.repeat(40)}end`;
      await store.append('b', [user('m1', long)]);
      const title = (await store.load('b'))?.info.title ?? '';
      assert.equal(Array.from(title).length, 80);
      assert.ok(title.endsWith('…'));
      assert.ok(long.startsWith(title.slice(0, -1)));
    });

    withStore('meta gives the title and the model; the latest given wins', async (store) => {
      await store.append('s1', [user('m1', 'derived title')], { title: 'Given', model: 'openai:gpt-4.1' });
      assert.equal((await store.load('s1'))?.info.title, 'Given');
      await store.append('s1', [answer('m2', 'ok')]);
      let info = (await store.load('s1'))?.info;
      assert.equal(info?.title, 'Given');
      assert.equal(info?.model, 'openai:gpt-4.1');
      await store.append('s1', [user('m3', 'next')], {
        title: 'Renamed',
        model: 'anthropic:claude-sonnet-4',
      });
      info = (await store.load('s1'))?.info;
      assert.equal(info?.title, 'Renamed');
      assert.equal(info?.model, 'anthropic:claude-sonnet-4');
    });

    withStore('list: most recent activity first, with titles, models and counts', async (store, clock) => {
      await store.append('old', [user('m1', 'first'), answer('m2', 'one')], { model: 'p:a' });
      clock.advance();
      await store.append('mid', [user('m1', 'second')]);
      clock.advance();
      await store.append('new', [user('m1', 'third'), answer('m2', 'x'), user('m3', 'y')]);
      let list = await store.list();
      assert.deepEqual(
        list.map((s) => [s.id, s.title, s.messageCount]),
        [
          ['new', 'third', 3],
          ['mid', 'second', 1],
          ['old', 'first', 2],
        ],
      );
      assert.equal(list[2]?.model, 'p:a');
      const touched = clock.advance();
      await store.append('old', [user('m3', 'again')]);
      list = await store.list();
      assert.deepEqual(
        list.map((s) => s.id),
        ['old', 'new', 'mid'],
      );
      assert.equal(list[0]?.updatedAt, touched);
      assert.equal(list[0]?.messageCount, 3);
      assert.deepEqual(list[0], (await store.load('old'))?.info);
    });

    withStore('list: sessions written at the same time are ordered by id', async (store) => {
      for (const id of ['b', 'c', 'a']) await store.append(id, [user('m1', id)]);
      assert.deepEqual(
        (await store.list()).map((s) => s.id),
        ['a', 'b', 'c'],
      );
    });

    withStore(
      'replace rewrites the messages and keeps creation time, title, model and runs',
      async (store, clock) => {
        const created = clock.now();
        await store.append('s1', conversation(), { model: 'p:m' });
        await store.recordRun(run());
        const replaced = clock.advance();
        const summary = [user('x1', 'Summary of the conversation so far'), answer('x2', 'Noted.')];
        await store.replace('s1', summary);
        const loaded = await store.load('s1');
        assertSameMessages(loaded?.messages ?? [], summary);
        assert.deepEqual(loaded?.info, {
          id: 's1',
          title: 'What is in this picture?',
          model: 'p:m',
          messageCount: 2,
          createdAt: created,
          updatedAt: replaced,
        });
        assert.deepEqual(await store.listRuns('s1'), [run()]);
        await store.append('s1', [user('x3', 'more')]);
        assert.deepEqual(
          (await store.load('s1'))?.messages.map((m) => m.id),
          ['x1', 'x2', 'x3'],
        );
      },
    );

    withStore('replace creates a missing session and takes meta', async (store) => {
      await store.replace('s1', [user('m1', 'hello')], { title: 'T', model: 'p:m' });
      const info = (await store.load('s1'))?.info;
      assert.equal(info?.title, 'T');
      assert.equal(info?.model, 'p:m');
      assert.equal(info?.messageCount, 1);
    });

    withStore(
      'fork copies messages, title and model, not runs; the two then diverge',
      async (store, clock) => {
        await store.append('s1', conversation(), { model: 'p:m' });
        await store.recordRun(run());
        const forked = clock.advance();
        await store.fork('s1', 's2');
        await store.append('s2', [user('m7', 'only in the fork')]);
        const [source, fork] = [await store.load('s1'), await store.load('s2')];
        assertSameMessages(source?.messages ?? [], conversation());
        assertSameMessages(fork?.messages ?? [], [...conversation(), user('m7', 'only in the fork')]);
        assert.equal(fork?.info.title, source?.info.title);
        assert.equal(fork?.info.model, 'p:m');
        assert.equal(fork?.info.createdAt, forked);
        assert.deepEqual(await store.listRuns('s2'), []);
        assert.deepEqual(await store.listRuns('s1'), [run()]);
      },
    );

    withStore('fork refuses a missing source and an existing target', async (store) => {
      await store.append('s1', [user('m1', 'a')]);
      await store.append('s2', [user('m1', 'b')]);
      await assert.rejects(store.fork('nope', 's3'), (e) => SessionNotFoundError.isInstance(e));
      await assert.rejects(store.fork('s1', 's2'), (e) => SessionExistsError.isInstance(e));
      await assert.rejects(store.fork('s1', 's1'), (e) => SessionExistsError.isInstance(e));
      assert.equal((await store.load('s2'))?.messages[0]?.message.role, 'user');
      assert.equal((await store.load('s2'))?.info.title, 'b');
      assert.equal(await store.load('s3'), undefined);
    });

    withStore('delete removes a session and its runs; false when there was none', async (store) => {
      await store.append('s1', [user('m1', 'a')]);
      await store.append('s2', [user('m1', 'b')]);
      await store.recordRun(run());
      assert.equal(await store.delete('s1'), true);
      assert.equal(await store.delete('s1'), false);
      assert.equal(await store.load('s1'), undefined);
      assert.deepEqual(await store.listRuns('s1'), []);
      assert.deepEqual(
        (await store.list()).map((s) => s.id),
        ['s2'],
      );
      await store.append('s1', [user('m9', 'fresh')]);
      assert.deepEqual(
        (await store.load('s1'))?.messages.map((m) => m.id),
        ['m9'],
      );
    });

    withStore('run records round-trip, oldest first, and need their session', async (store, clock) => {
      await store.recordRun(run()).then(
        () => assert.fail('recorded a run for a missing session'),
        (e) => assert.ok(SessionNotFoundError.isInstance(e), String(e)),
      );
      await store.append('s1', [user('m1', 'a')]);
      const failed = run({
        runId: 'r2',
        outcome: 'failed',
        error: 'The model server is unreachable',
        usage: {
          inputTokens: 5,
          outputTokens: undefined,
          cacheReadTokens: undefined,
          cacheWriteTokens: undefined,
          reasoningTokens: undefined,
        },
      });
      await store.recordRun(run());
      const recorded = clock.advance();
      await store.recordRun(failed);
      assert.deepEqual(await store.listRuns('s1'), [run(), failed]);
      assert.equal((await store.load('s1'))?.info.updatedAt, recorded);
      await assert.rejects(store.recordRun(run({ outcome: 'exploded' as never })), (e) =>
        InvalidOptionError.isInstance(e),
      );
    });

    guaranteeTests(withStore, makeStore);
  });
}
