// A process killed (SIGKILL) while appending leaves a session that loads, with
// every append it reported as done, and that takes further appends.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after as cleanup, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { JsonlSessionStore } from '@kodama/core/session';

const CHILD = fileURLToPath(new URL('./append-loop.child.ts', import.meta.url));
const root = await mkdtemp(join(tmpdir(), 'kodama-jsonl-crash-'));
cleanup(() => rm(root, { recursive: true, force: true }));

/**
 * Runs the appending child until it has reported `appends` appends, kills it
 * `delayMs` later (varied so the kill lands at different points of the next
 * append), and returns the last append it reported.
 */
async function killWhileAppending(
  dir: string,
  id: string,
  appends: number,
  delayMs: number,
): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, id], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_, signal) => resolve(signal)),
  );
  let reported = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    reported = Number(line.split(' ')[1]);
    if (reported === appends) setTimeout(() => child.kill('SIGKILL'), delayMs);
  }
  assert.equal(await exited, 'SIGKILL');
  return reported;
}

test('kill -9 in the middle of appending leaves a loadable session that keeps every reported append', async (t) => {
  const dir = join(root, 'sessions');
  const store = new JsonlSessionStore({ dir });
  let floor = 0;
  let torn = 0;
  for (const [round, delayMs] of [
    [1, 0],
    [2, 3],
    [3, 8],
    [4, 20],
  ] as const) {
    // Each round the child starts over at u1, so it appends to its own session.
    const id = `crash-${round}`;
    const reported = await killWhileAppending(dir, id, 15, delayMs);
    // Where the kill landed is chance: inside a write (a torn tail) or between writes.
    if (!(await readFile(store.pathOf(id), 'utf8')).endsWith('}}\n')) torn++;
    const loaded = await store.load(id);
    assert.ok(loaded, `round ${round}: the session exists`);
    const count = loaded.messages.length;
    assert.equal(count % 3, 0, `round ${round}: only whole appends (${count} messages)`);
    assert.ok(count / 3 >= reported, `round ${round}: ${count / 3} appends loaded, ${reported} reported`);
    // The kill came after `reported` appends resolved; at most the append in flight may also have landed.
    assert.ok(count / 3 <= reported + 1, `round ${round}: ${count / 3} appends loaded`);
    await store.append(id, [{ id: 'after', kind: 'user', message: { role: 'user', content: 'resumed' } }]);
    const resumed = await store.load(id);
    assert.equal(resumed?.messages.length, count + 1);
    assert.equal(resumed?.messages.at(-1)?.id, 'after');
    for (const line of (await readFile(store.pathOf(id), 'utf8')).trimEnd().split('\n')) JSON.parse(line);
    floor += reported;
  }
  assert.ok(floor >= 60);
  t.diagnostic(`kills that left a torn tail: ${torn} of 4`);
});

test('a process killed inside the write of an append leaves a torn tail that is dropped, then cut off', async () => {
  const dir = join(root, 'torn');
  const id = 'torn';
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, id, '6'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_, signal) => resolve(signal)),
  );
  let reported = 0;
  for await (const line of createInterface({ input: child.stdout })) reported = Number(line.split(' ')[1]);
  assert.equal(await exited, 'SIGKILL');
  assert.equal(reported, 5);
  const store = new JsonlSessionStore({ dir });
  const before = await readFile(store.pathOf(id), 'utf8');
  assert.ok(!before.endsWith('\n'), 'the file ends inside the half-written append');
  assert.equal((await store.load(id))?.messages.length, 15);
  await store.append(id, [{ id: 'after', kind: 'user', message: { role: 'user', content: 'resumed' } }]);
  const after = await readFile(store.pathOf(id), 'utf8');
  assert.ok(after.length < before.length, 'the torn half was cut off');
  assert.deepEqual(
    (await store.load(id))?.messages.slice(-2).map((m) => m.id),
    ['t5', 'after'],
  );
});
