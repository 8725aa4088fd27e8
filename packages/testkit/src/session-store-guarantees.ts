// The session-store contract, second part: concurrency, integrity checks on
// load, refused input, and close. Called by describeSessionStore.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidOptionError } from '@kodama/core';
import { type SessionStore, SessionStoreError } from '@kodama/core/session';
import { answer, ManualClock, run, user } from './session-store-fixtures.ts';
import type { MakeSessionStore } from './session-store-suite.ts';

/** Runs a test with a fresh store and clock, closing the store afterwards. */
export type WithStore = (
  title: string,
  body: (store: SessionStore, clock: ManualClock) => Promise<void>,
) => void;

/** The tests of what a store guarantees under concurrency and bad input. */
export function guaranteeTests(withStore: WithStore, makeStore: MakeSessionStore): void {
  withStore(
    'concurrent appends to one session keep every message once, in order per caller',
    async (store) => {
      const callers = 8;
      const each = 12;
      await Promise.all(
        Array.from({ length: callers }, async (_, c) => {
          for (let i = 0; i < each; i++)
            await store.append('s1', [user(`c${c}-${i}`, `caller ${c} message ${i}`)]);
        }),
      );
      // Then appends all started at once, of very different sizes, so that
      // a store whose writes overtook each other would reorder them.
      const burst = (i: number) =>
        Array.from({ length: i % 4 === 0 ? 300 : 1 }, (_, j) =>
          user(`burst-${i}-${j}`, 'x'.repeat(i % 4 === 0 ? 2000 : 1)),
        );
      await Promise.all(Array.from({ length: callers * each }, (_, i) => store.append('s1', burst(i))));
      const ids = (await store.load('s1'))?.messages.map((m) => m.id) ?? [];
      const expectedBurst = Array.from({ length: callers * each }, (_, i) =>
        burst(i).map((m) => m.id),
      ).flat();
      assert.equal(ids.length, callers * each + expectedBurst.length);
      assert.equal(new Set(ids).size, ids.length);
      for (let c = 0; c < callers; c++) {
        const mine = ids.filter((id) => id.startsWith(`c${c}-`));
        assert.deepEqual(
          mine,
          Array.from({ length: each }, (_, i) => `c${c}-${i}`),
        );
      }
      assert.deepEqual(
        ids.filter((id) => id.startsWith('burst-')),
        expectedBurst,
      );
      assert.equal((await store.list())[0]?.messageCount, ids.length);
    },
  );

  withStore(
    'concurrent writes to different sessions, and a load during appends, see whole appends',
    async (store) => {
      const batch = (s: number, i: number) => [user(`s${s}-${i}-a`, 'q'), answer(`s${s}-${i}-b`, 'a')];
      const loads: Promise<unknown>[] = [];
      await Promise.all(
        Array.from({ length: 6 }, async (_, s) => {
          for (let i = 0; i < 5; i++) {
            const pending = store.append(`s${s}`, batch(s, i));
            loads.push(store.load(`s${s}`).then((l) => assert.equal((l?.messages.length ?? 0) % 2, 0)));
            await pending;
          }
        }),
      );
      await Promise.all(loads);
      const list = await store.list();
      assert.equal(list.length, 6);
      for (const info of list) assert.equal(info.messageCount, 10);
    },
  );

  withStore(
    'a session that does not continue its conversation is refused on load, naming the message',
    async (store) => {
      await store.append('s1', [user('m1', 'a')]);
      await store.append('s1', [
        {
          id: 'm2',
          kind: 'tool',
          message: { role: 'tool', toolCallId: 'nope', toolName: 'read', content: 'x' },
        },
      ]);
      await assert.rejects(store.load('s1'), (e) => {
        assert.ok(SessionStoreError.isInstance(e), String(e));
        assert.match(e.problem, /messages\[1\]\.message\.toolCallId "nope" answers no tool call/);
        return true;
      });
    },
  );

  withStore('invalid session ids are refused before anything happens', async (store) => {
    const bad: unknown[] = [
      '',
      '../escape',
      'a/b',
      '.hidden',
      '-dash',
      'x'.repeat(129),
      'sp ace',
      'nul\0',
      7,
    ];
    for (const id of bad as string[]) {
      const refused = (e: unknown) => InvalidOptionError.isInstance(e);
      await assert.rejects(store.load(id), refused, `load ${String(id)}`);
      await assert.rejects(store.append(id, []), refused, `append ${String(id)}`);
      await assert.rejects(store.replace(id, []), refused);
      await assert.rejects(store.delete(id), refused);
      await assert.rejects(store.listRuns(id), refused);
      await assert.rejects(store.fork('ok', id), refused);
      await assert.rejects(store.fork(id, 'ok'), refused);
      await assert.rejects(store.recordRun(run({ sessionId: id })), refused);
    }
    assert.deepEqual(await store.list(), []);
    const longest = `A${'b'.repeat(127)}`;
    await store.append(longest, [user('m1', 'fine')]);
    assert.equal((await store.load(longest))?.info.id, longest);
    await store.append('v1.2_final-x', []);
    assert.equal((await store.list()).length, 2);
  });

  withStore('meta that is not strings is refused', async (store) => {
    await assert.rejects(
      store.append('s1', [], { title: 5 as unknown as string }),
      (e) => InvalidOptionError.isInstance(e) && e.option === 'SessionMeta.title',
    );
    assert.equal(await store.load('s1'), undefined);
  });

  test('close waits for writes in flight, is idempotent, and later calls are refused', async () => {
    const store = await makeStore(new ManualClock());
    let appended = false;
    const pending = store.append('s1', [user('m1', 'a')]).then(() => {
      appended = true;
    });
    await store.close();
    assert.equal(appended, true);
    await pending;
    await store.close();
    await assert.rejects(store.load('s1'), (e) => SessionStoreError.isInstance(e));
    await assert.rejects(store.append('s1', []), (e) => SessionStoreError.isInstance(e));
    await assert.rejects(store.list(), (e) => SessionStoreError.isInstance(e));
  });
}
