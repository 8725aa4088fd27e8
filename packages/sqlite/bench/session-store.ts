// session-store: append 10,000 messages one checkpoint (one append) at a time
// and load them back, with the JSONL store (one fsynced O_APPEND write per
// append) and the SQLite store (one WAL transaction per append, synchronous
// FULL). Baselines in the same run: a bare write + fdatasync of each message's
// line (the floor of any durable append on this disk), and JSON.parse of the
// 10,000 lines (the floor of any load that checks nothing).
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryMessage } from '@kodama/core/history';
import { encodeStoredMessages, JsonlSessionStore, type SessionStore } from '@kodama/core/session';
import { SqliteSessionStore } from '../src/index.ts';

const N = 10_000;
const LOADS = 5;

/** A conversation of N messages: turns of user → tool call → result → answer. */
function conversation(): HistoryMessage[] {
  const usage = {
    inputTokens: 900,
    outputTokens: 60,
    cacheReadTokens: 800,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
  };
  const turn = (i: number): HistoryMessage[] => [
    { id: `q${i}`, kind: 'user', message: { role: 'user', content: `What does file ${i} export?` } },
    {
      id: `c${i}`,
      kind: 'assistant',
      modelId: 'bench',
      usage,
      message: {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: `k${i}`, name: 'read', arguments: `{"path":"f${i}.ts"}` }],
      },
    },
    {
      id: `r${i}`,
      kind: 'tool',
      message: {
        role: 'tool',
        toolCallId: `k${i}`,
        toolName: 'read',
        content: `export const v${i} = ${i};\n`.repeat(6),
      },
    },
    {
      id: `a${i}`,
      kind: 'assistant',
      modelId: 'bench',
      usage,
      message: { role: 'assistant', text: `It exports v${i}.`, toolCalls: [] },
    },
  ];
  return Array.from({ length: N / 4 }, (_, i) => turn(i)).flat();
}

async function appendEach(store: SessionStore, messages: readonly HistoryMessage[]): Promise<number> {
  const start = performance.now();
  for (const m of messages) await store.append('bench', [m]);
  return ((performance.now() - start) * 1000) / messages.length;
}

async function medianLoad(store: SessionStore): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const start = performance.now();
    const loaded = await store.load('bench');
    times.push(performance.now() - start);
    if (loaded?.messages.length !== N) throw new Error(`loaded ${loaded?.messages.length} of ${N} messages`);
  }
  return times.sort((a, b) => a - b)[LOADS >> 1]!;
}

async function fsyncFloor(path: string, lines: readonly string[]): Promise<number> {
  const handle = await open(path, 'a', 0o600);
  const start = performance.now();
  for (const line of lines) {
    await handle.write(`${line}\n`);
    await handle.datasync();
  }
  const us = ((performance.now() - start) * 1000) / lines.length;
  await handle.close();
  return us;
}

const dir = await mkdtemp(join(tmpdir(), 'kodama-bench-sessions-'));
try {
  const messages = conversation();
  const lines = encodeStoredMessages(messages);
  const floorUs = await fsyncFloor(join(dir, 'floor.jsonl'), lines.slice(0, 1000));
  const parseStart = performance.now();
  for (const line of lines) JSON.parse(line);
  const parseMs = performance.now() - parseStart;

  const jsonl = new JsonlSessionStore({ dir: join(dir, 'jsonl') });
  const jsonlAppendUs = await appendEach(jsonl, messages);
  const jsonlLoadMs = await medianLoad(jsonl);
  await jsonl.close();

  const sqlite = await SqliteSessionStore.open({ url: `file:${join(dir, 'sessions.db')}` });
  const sqliteAppendUs = await appendEach(sqlite, messages);
  const sqliteLoadMs = await medianLoad(sqlite);
  await sqlite.close();

  const r = (x: number) => Math.round(x * 10) / 10;
  console.log(`${N} messages, one append each, then ${LOADS} loads (median); ${dir} on this machine's disk`);
  console.log(
    `floor: write + fdatasync of one line ${r(floorUs)} µs; JSON.parse of all lines ${r(parseMs)} ms`,
  );
  console.log(`jsonl:  append ${r(jsonlAppendUs)} µs (fsync each), load ${r(jsonlLoadMs)} ms`);
  console.log(`sqlite: append ${r(sqliteAppendUs)} µs (WAL, synchronous=FULL), load ${r(sqliteLoadMs)} ms`);
  console.log(
    `target: load of ${N} messages < 150 ms: jsonl ${jsonlLoadMs < 150 ? 'met' : 'MISSED'}, sqlite ${sqliteLoadMs < 150 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `RESULT session-store jsonl_append_us=${r(jsonlAppendUs)} sqlite_append_us=${r(sqliteAppendUs)} ` +
      `jsonl_load_ms=${r(jsonlLoadMs)} sqlite_load_ms=${r(sqliteLoadMs)} fsync_floor_us=${r(floorUs)} parse_floor_ms=${r(parseMs)}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
