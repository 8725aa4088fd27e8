// The inbox where questions wait on a person: answered from here or from
// elsewhere, the first answer counts and the asker acts on exactly one.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApprovalInbox, type AskPerson, type ConfirmQuestion, throughInbox } from '../src/index.ts';

const question: ConfirmQuestion = {
  request: { tool: 'bash', title: 'run a shell command in /repo', detail: 'npm test', warnings: [] },
  allowAlways: true,
};
const from = { surface: 'terminal', root: '/repo', sessionId: () => 's-1' } as const;
const outside = (approved: boolean) => ({ approved, by: 'kodama approve', at: new Date().toISOString() });

async function inbox(): Promise<ApprovalInbox> {
  return new ApprovalInbox(join(await mkdtemp(join(tmpdir(), 'kodama-inbox-')), 'kodama-approvals'), 20);
}

/** A screen that shows the question until its signal aborts (then answers no, as the contract says). */
function screen(): { ask: AskPerson; closed: () => boolean } {
  let closed = false;
  return {
    ask: (_q, signal) =>
      new Promise((resolve) =>
        signal?.addEventListener('abort', () => {
          closed = true;
          resolve({ kind: 'no' });
        }),
      ),
    closed: () => closed,
  };
}

async function waitingOne(box: ApprovalInbox) {
  for (;;) {
    const [pending] = await box.list();
    if (pending) return pending;
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('an answer from outside reaches the asker, closes its question, and a second answer does not count', async () => {
  const box = await inbox();
  const shown = screen();
  const told: string[] = [];
  const asked = throughInbox(shown.ask, box, from, (p, a) => told.push(`${p.id} ${a.by}`))(question);
  const pending = await waitingOne(box);
  assert.equal(pending.asks, 'run a shell command in /repo');
  assert.deepEqual(pending.wouldRun, { tool: 'bash', detail: 'npm test' });
  assert.equal(pending.sessionId, 's-1');
  assert.equal(pending.pid, process.pid);
  assert.equal((await box.answerFromOutside(pending.id, outside(true))).kind, 'answered');
  assert.deepEqual(await asked, { kind: 'yes' });
  assert.equal(shown.closed(), true);
  assert.deepEqual(told, [`${pending.id} kodama approve`]);
  const again = await box.answerFromOutside(pending.id, outside(false));
  assert.equal(again.kind, 'already-answered');
  assert.equal(again.kind === 'already-answered' && again.answer.approved, true);
  assert.deepEqual(await box.list(), []);
});

test('an answer on the screen first counts; one from outside afterwards is told it came late', async () => {
  const box = await inbox();
  let id = '';
  const ask: AskPerson = async () => {
    id = (await waitingOne(box)).id;
    return { kind: 'no', reason: 'not now' };
  };
  assert.deepEqual(await throughInbox(ask, box, from)(question), { kind: 'no', reason: 'not now' });
  const late = await box.answerFromOutside(id, outside(true));
  assert.equal(late.kind, 'already-answered');
  assert.equal(late.kind === 'already-answered' && late.answer.by, 'terminal');
});

test('of many answers at once exactly one counts', async () => {
  const box = await inbox();
  const asked = throughInbox(screen().ask, box, from)(question);
  const { id } = await waitingOne(box);
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => box.answerFromOutside(id, outside(i % 2 === 0))),
  );
  assert.equal(results.filter((r) => r.kind === 'answered').length, 1);
  await asked;
});

test('the inbox is private, and an id that is not one names no file (no ../ outside the folder)', async () => {
  const box = await inbox();
  const asked = throughInbox(screen().ask, box, from)(question);
  const { id } = await waitingOne(box);
  assert.equal((await stat(box.dir)).mode & 0o777, 0o700);
  assert.equal((await stat(join(box.dir, `${id}.json`))).mode & 0o777, 0o600);
  for (const bad of ['../ap-0123456789abcdef', 'ap-../../x', `${id}/../${id}`, ''])
    assert.deepEqual(await box.answerFromOutside(bad, outside(true)), { kind: 'unknown' });
  assert.deepEqual(await readdir(join(box.dir, '..')), ['kodama-approvals']);
  await box.answerFromOutside(id, outside(false));
  assert.deepEqual(await asked, { kind: 'no' });
});

test('a question whose asker has ended is not listed and cannot be answered', async () => {
  const box = await inbox();
  const ended = { ...(await pendingOf(box)), pid: 2 ** 22 + 7 };
  await box.publish(ended);
  assert.deepEqual(await box.list(), []);
  assert.equal((await box.answerFromOutside(ended.id, outside(true))).kind, 'unknown');
});

async function pendingOf(box: ApprovalInbox) {
  const asked = throughInbox(screen().ask, box, from)(question);
  const pending = await waitingOne(box);
  await box.answerFromOutside(pending.id, outside(false));
  await asked;
  return { ...pending, id: `ap-${'1'.repeat(16)}` };
}

test('a cancelled turn ends the question: it is no longer listed', async () => {
  const box = await inbox();
  const turn = new AbortController();
  const asked = throughInbox(screen().ask, box, from)(question, turn.signal);
  await waitingOne(box);
  turn.abort();
  assert.deepEqual(await asked, { kind: 'no' });
  assert.deepEqual(await box.list(), []);
});
