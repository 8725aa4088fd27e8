// The Postgres session store against the shared SessionStore suite (each test
// with emptied tables: the store creates them), and the guarantee the file stores lack: two stores,
// as two processes would have, appending to one session at once lose nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { HistoryMessage } from '@kodama/core/history';
import { PostgresSessionStore } from '@kodama/durable';
import { describeSessionStore } from '@kodama/testkit';
import pg from 'pg';
import { freshDatabase } from './support/postgres.ts';

const db = await freshDatabase('sessions');
const url = 'url' in db ? db.url : '';

async function emptied(): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('TRUNCATE kodama.sessions, kodama.session_messages, kodama.session_runs');
  } finally {
    await client.end();
  }
}

describe('PostgresSessionStore', { skip: 'skip' in db ? db.skip : false }, () => {
  describeSessionStore('PostgresSessionStore', async (clock) => {
    const store = await PostgresSessionStore.open({ url, clock });
    await emptied();
    return store;
  });

  test('two stores on one database (two processes) append to one session without losing or interleaving', async () => {
    const a = await PostgresSessionStore.open({ url });
    const b = await PostgresSessionStore.open({ url });
    await emptied();
    const user = (id: string): HistoryMessage =>
      ({ id, kind: 'user', message: { role: 'user', content: id } }) as HistoryMessage;
    try {
      await Promise.all(
        [a, b].flatMap((store, s) =>
          Array.from({ length: 20 }, (_, i) =>
            store.append('shared', [user(`s${s}-${i}-1`), user(`s${s}-${i}-2`)]),
          ),
        ),
      );
      const ids = (await a.load('shared'))!.messages.map((m) => m.id);
      assert.equal(ids.length, 80);
      assert.equal(new Set(ids).size, 80);
      // Each append's two messages stay together.
      for (let i = 0; i < ids.length; i += 2) assert.equal(ids[i]!.replace(/-1$/, '-2'), ids[i + 1]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
