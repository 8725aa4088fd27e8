// A person in the loop across processes: a tool call that waits for approval
// survives a worker restart and is answered from this (another) process; a
// denial keeps the tool from running; a run waiting there is cancelled from
// here. A follower's live view of a run equals its replay afterwards.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RunEvent } from '@kodama/core';
import { type DurableRuns, durable, NoPendingApprovalError, shutdownDurable } from '@kodama/durable';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { effectScript } from './support/fixture-agent.ts';
import { freshDatabase } from './support/postgres.ts';
import { spawnWorker, until, type WorkerChild } from './support/workers.ts';

const db = await freshDatabase('approval');
const dir = mkdtempSync(join(tmpdir(), 'kodama-durable-approval-'));
const effectsFile = join(dir, 'effects.log');
const read = () => (existsSync(effectsFile) ? readFileSync(effectsFile, 'utf8') : '');
let server: ScriptedServer;
let runs: DurableRuns;
let worker: WorkerChild | undefined;

describe('durable approvals and cancellation', { skip: 'skip' in db ? db.skip : false }, () => {
  const database = 'url' in db ? db.url : '';
  const job = durable(() => Promise.reject(new Error('the test process never executes runs')), {
    name: 'job',
    database: database || 'postgres://unused@127.0.0.1/unused',
    queue: 'jobs',
  });
  const startWorker = () =>
    spawnWorker({
      database,
      modelUrl: server.url,
      effects: { file: effectsFile },
      executorId: 'approver',
      queue: 'jobs',
      concurrency: 4,
      approvalTools: ['effect'],
    });

  before(async () => {
    server = await startOpenAICompatibleServer({ script: effectScript(1) });
    runs = await job.runs();
    worker = await startWorker();
  });
  after(async () => {
    if (worker) assert.equal(await worker.stop(), 0);
    await shutdownDurable();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an approval asked before a worker restart is answered from another process; the tool runs once', async () => {
    const stream = job.stream('Needs a yes.', { runId: 'approve-1' });
    const live: RunEvent[] = [];
    const following = (async () => {
      for await (const e of stream) live.push(e);
    })();
    await until(() =>
      runs.status('approve-1').then(
        () => true,
        () => false,
      ),
    );
    await until(async () => (await runs.pendingApproval('approve-1')) !== null);
    assert.deepEqual(await runs.pendingApproval('approve-1'), {
      toolCallId: 'step-1',
      toolName: 'effect',
      arguments: '{"n":1}',
    });
    assert.equal(read(), '', 'nothing ran before the answer');

    // The worker dies while the run waits; the same worker (same executor id) comes back and recovers it.
    await worker!.crash();
    worker = await startWorker();
    const answered = await runs.approve('approve-1', { approved: true });
    assert.equal(answered.toolCallId, 'step-1');

    const run = await stream.run;
    await following;
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'done: Needs a yes.');
    assert.equal(run.id, 'approve-1');
    assert.equal(read(), 'start approve-1:turn-1:step-1 1\ndone approve-1:turn-1:step-1 1\n');
    assert.equal(await runs.pendingApproval('approve-1'), null);
    await assert.rejects(runs.approve('approve-1', { approved: true }), NoPendingApprovalError);

    // The live view saw the wait and its answer, and equals the replay.
    const notes = live.filter((e) => e.type === 'domain').map((e) => (e as { name: string }).name);
    assert.deepEqual(notes, ['approval-requested', 'approval-answered']);
    const replayed: RunEvent[] = [];
    for await (const e of runs.events('approve-1')) replayed.push(e);
    // The local Run wraps the recorded events in its own run-start and run-end.
    assert.deepEqual(replayed.slice(1, -1), live.slice(1, -1));
    assert.deepEqual([replayed[0]?.type, replayed.at(-1)?.type], ['run-start', 'run-end']);
    assert.deepEqual([live[0]?.type, live.at(-1)?.type], ['run-start', 'run-end']);
    const end = replayed.at(-1);
    assert.ok(end?.type === 'run-end' && end.outcome === 'completed');
  });

  test('a denial: the tool does not run and the model reads why', async () => {
    const runId = await job.start('Needs a no.', { runId: 'deny-1' });
    await until(async () => (await runs.pendingApproval(runId)) !== null);
    await runs.approve(runId, { approved: false, reason: 'not today' });
    const run = await job.result(runId);
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.doesNotMatch(read(), /deny-1/);
    const result = run.history.messages.find((m) => m.kind === 'tool');
    assert.match(JSON.stringify(result), /the user denied effect \(not today\); it was not run/);
  });

  test('cancel from another process while the run waits: outcome cancelled, the log ends with run-end (cancelled)', async () => {
    const runId = await job.start('Never answered.', { runId: 'cancel-1' });
    await until(async () => (await runs.pendingApproval(runId)) !== null);
    await job.cancel(runId);
    const run = await job.result(runId);
    assert.equal(run.outcome, 'cancelled');
    assert.equal(run.error?.originalName, 'CancelledError');
    assert.ok(run.usage.totalTokens > 0, 'the usage of the model call before the wait is kept');
    const types: string[] = [];
    for await (const e of runs.events(runId))
      types.push(e.type === 'run-end' ? `run-end:${e.outcome}` : e.type);
    assert.equal(types.at(-1), 'run-end:cancelled');
    assert.equal((await runs.status(runId)).status, 'CANCELLED');
    assert.doesNotMatch(read(), /cancel-1/);
  });

  test("cancelling the local Run cancels the durable run in the worker's process", async () => {
    const stream = job.stream('Cancel me locally.', { runId: 'cancel-2' });
    await until(async () => (await runs.pendingApproval('cancel-2').catch(() => null)) !== null);
    stream.cancel();
    const run = await stream.run;
    assert.equal(run.outcome, 'cancelled');
    await until(async () => (await runs.status('cancel-2')).status === 'CANCELLED');
  });

  test('a deadline reached while the run waits for approval: partial, in the worker and here', async () => {
    const run = await job.ask('Too slow.', { runId: 'deadline-1', deadline: 1500 });
    assert.equal(run.outcome, 'partial', String(run.error));
    assert.equal((await job.result('deadline-1')).outcome, 'partial');
    assert.doesNotMatch(read(), /deadline-1/);
  });
});
