// SessionCheckpoint: appends only what is new, rewrites after a compaction,
// writes nothing when nothing changed, creates a new session on its first save,
// and retries what a failed save left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryMessage } from '@kodama/core/history';
import {
  InMemorySessionStore,
  SessionCheckpoint,
  type SessionMeta,
  type SessionStore,
} from '@kodama/core/session';

const said = (id: string): HistoryMessage => ({
  id,
  kind: 'user',
  message: { role: 'user', content: `text ${id}` },
});

/** An in-memory store that logs its writes, and can be told to fail the next one. */
class LoggingStore extends InMemorySessionStore {
  readonly writes: string[] = [];
  failNext = false;
  override async append(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    this.#log('append', messages);
    return super.append(id, messages, meta);
  }
  override async replace(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    this.#log('replace', messages);
    return super.replace(id, messages, meta);
  }
  #log(kind: string, messages: readonly HistoryMessage[]): void {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    this.writes.push(`${kind} ${messages.map((m) => m.id).join(',')}`);
  }
}

const ids = async (store: SessionStore) => (await store.load('s'))?.messages.map((m) => m.id);

test('each save appends only the new messages; a save with nothing new writes nothing', async () => {
  const store = new LoggingStore();
  const checkpoint = new SessionCheckpoint(store, 's', undefined);
  await checkpoint.save([], { model: 'p:m' });
  await checkpoint.save([said('a')]);
  await checkpoint.save([said('a')]);
  await checkpoint.save([said('a'), said('b'), said('c')]);
  assert.deepEqual(store.writes, ['append ', 'append a', 'append b,c']);
  assert.deepEqual(await ids(store), ['a', 'b', 'c']);
  assert.equal((await store.load('s'))?.info.model, 'p:m');
});

test('a conversation whose start changed (a compaction) is rewritten', async () => {
  const store = new LoggingStore();
  await store.append('s', [said('a'), said('b')]);
  const checkpoint = new SessionCheckpoint(store, 's', (await store.load('s'))?.messages);
  await checkpoint.save([said('summary'), said('b'), said('c')]);
  await checkpoint.save([said('summary'), said('b'), said('c'), said('d')]);
  assert.deepEqual(store.writes.slice(1), ['replace summary,b,c', 'append d']);
  assert.deepEqual(await ids(store), ['summary', 'b', 'c', 'd']);
});

test('a loaded session is not written again when nothing changed, unless meta says something', async () => {
  const store = new LoggingStore();
  await store.append('s', [said('a')]);
  const checkpoint = new SessionCheckpoint(store, 's', (await store.load('s'))?.messages);
  await checkpoint.save([said('a')]);
  await checkpoint.save([said('a')], {});
  await checkpoint.save([said('a')], { model: 'p:other' });
  assert.deepEqual(store.writes, ['append a', 'append ']);
  assert.equal((await store.load('s'))?.info.model, 'p:other');
});

test('a failed save changes nothing, and the next save writes what it left out', async () => {
  const store = new LoggingStore();
  const checkpoint = new SessionCheckpoint(store, 's', undefined);
  await checkpoint.save([said('a')]);
  store.failNext = true;
  await assert.rejects(checkpoint.save([said('a'), said('b')]), /disk full/);
  await checkpoint.save([said('a'), said('b'), said('c')]);
  assert.deepEqual(store.writes, ['append a', 'append b,c']);
  assert.deepEqual(await ids(store), ['a', 'b', 'c']);
});

test('saves started together run in call order', async () => {
  const store = new LoggingStore();
  const checkpoint = new SessionCheckpoint(store, 's', undefined);
  await Promise.all([checkpoint.save([said('a')]), checkpoint.save([said('a'), said('b')])]);
  assert.deepEqual(store.writes, ['append a', 'append b']);
});
