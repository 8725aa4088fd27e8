// Runs survive their worker. A worker child process is killed (-9) in the
// middle of a tool step; another worker takes the run over (the supervisor
// sees the dead worker's heartbeat stop) and finishes it from its
// checkpoints. Then a queue of 50 runs over 3 workers, one killed halfway:
// every run completes, and only steps in flight at the kill ran twice.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type DurableRuns, durable, shutdownDurable } from '@kodama/durable';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { countEffects, effectScript } from './support/fixture-agent.ts';
import { freshDatabase } from './support/postgres.ts';
import { spawnWorker, until, type WorkerChild } from './support/workers.ts';

const db = await freshDatabase('crash');
const dir = mkdtempSync(join(tmpdir(), 'kodama-durable-crash-'));
const effectsFile = join(dir, 'effects.log');
const releaseFile = join(dir, 'release');
const effects = { file: effectsFile, holdAt: 2, releaseFile };
const read = () => (existsSync(effectsFile) ? readFileSync(effectsFile, 'utf8') : '');
let server: ScriptedServer;
let runs: DurableRuns;
let survivor: WorkerChild | undefined;

describe('durable runs across worker processes', { skip: 'skip' in db ? db.skip : false }, () => {
  const database = 'url' in db ? db.url : '';
  const worker = (executorId: string, concurrency = 2) =>
    spawnWorker({ database, modelUrl: server.url, effects, executorId, queue: 'jobs', concurrency });
  const job = durable(() => Promise.reject(new Error('the test process never executes runs')), {
    name: 'job',
    database: database || 'postgres://unused@127.0.0.1/unused',
    queue: 'jobs',
  });

  before(async () => {
    server = await startOpenAICompatibleServer({ script: effectScript(3) });
    runs = await job.runs();
  });
  after(async () => {
    await shutdownDurable();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('kill -9 mid tool step: another worker finishes the run; completed steps never run again', async () => {
    const first = await worker('worker-a');
    const runId = await job.start('Crash in the middle.', { runId: 'crash-1' });
    await until(() => read().includes('start crash-1:turn-1:step-2 2'));
    assert.equal((await runs.status(runId)).executorId, 'worker-a');
    await first.crash();
    writeFileSync(releaseFile, '');

    survivor = await worker('worker-b');
    const run = await job.result(runId);
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'done: Crash in the middle.');
    assert.equal((await runs.status(runId)).executorId, 'worker-b');

    const counts = countEffects(read());
    const key = (n: number) => `crash-1:turn-1:step-${n} ${n}`;
    // Completed before the kill: exactly once.
    assert.equal(counts.get(`start ${key(1)}`), 1);
    assert.equal(counts.get(`done ${key(1)}`), 1);
    // In flight at the kill: started twice, with the same idempotency key, finished once.
    assert.equal(counts.get(`start ${key(2)}`), 2);
    assert.equal(counts.get(`done ${key(2)}`), 1);
    // After the takeover: once.
    assert.equal(counts.get(`start ${key(3)}`), 1);
    assert.equal(counts.get(`done ${key(3)}`), 1);
    // Four model responses were needed; each was asked for once (the recorded two were replayed).
    const calls = server.modelCalls.filter((c) => JSON.stringify(c.body).includes('Crash in the middle.'));
    assert.equal(calls.length, 4);
    // The conversation holds each call and result once.
    const tools = run.history.messages.filter((m) => m.kind === 'tool');
    assert.equal(tools.length, 3);
  });

  test('a queue of 50 runs over 3 workers, one killed halfway: every run completes exactly once', async () => {
    assert.ok(survivor, 'the survivor of the previous test serves the queue');
    const others = [await worker('worker-c', 4), await worker('worker-d', 4)];
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, i) => job.start(`Queued job ${i}.`, { runId: `queued-${i}` })),
    );
    const finished = () => (read().match(/^done queued-\d+:turn-1:step-3 3$/gm) ?? []).length;
    await until(() => finished() >= 15);
    await others[0]!.crash();
    // What the dead worker was executing stays marked as its own until a supervisor hands it over.
    const statuses = async () => Promise.all(ids.map((id) => runs.status(id)));
    const stranded = (await statuses())
      .filter((s) => s.status === 'PENDING' && s.executorId === 'worker-c')
      .map((s) => s.runId);

    const results = await Promise.all(ids.map((id) => job.result(id)));
    for (const [i, run] of results.entries()) {
      assert.equal(run.outcome, 'completed', `${run.id}: ${String(run.error)}`);
      assert.equal(run.response, `done: Queued job ${i}.`);
      assert.equal(run.history.messages.filter((m) => m.kind === 'tool').length, 3);
    }
    const counts = countEffects(read());
    let repeated = 0;
    for (let i = 0; i < 50; i++) {
      for (let n = 1; n <= 3; n++) {
        const starts = counts.get(`start queued-${i}:turn-1:step-${n} ${n}`) ?? 0;
        assert.ok(starts === 1 || starts === 2, `queued-${i} step ${n} started ${starts} times`);
        if (starts === 2) repeated++;
      }
    }
    // Only the steps in flight on the killed worker (at most its concurrency) ran twice.
    assert.ok(repeated <= 4, `${repeated} steps ran twice`);
    // The runs the killed worker was executing were finished by the others.
    assert.ok(stranded.length > 0, 'worker-c was executing runs when it was killed');
    const after = new Map((await statuses()).map((s) => [s.runId, s]));
    for (const id of stranded) assert.notEqual(after.get(id)?.executorId, 'worker-c', id);
    assert.equal(await others[1]!.stop(), 0);
  });

  test('a graceful stop hands a run it could not finish back to the queue; another worker finishes it', async () => {
    assert.equal(await survivor!.stop(), 0, 'an idle worker stops and exits 0');
    const release = join(dir, 'release-handoff');
    const leaving = await spawnWorker({
      database,
      modelUrl: server.url,
      effects: { file: effectsFile, holdAt: 1, releaseFile: release },
      executorId: 'worker-leaving',
      queue: 'jobs',
      concurrency: 1,
      drainMs: 300,
    });
    const runId = await job.start('Hand me over.', { runId: 'handoff-1' });
    await until(() => read().includes('start handoff-1:turn-1:step-1 1'));
    const taker = await worker('worker-taker');
    assert.equal(await leaving.stop(), 0);
    // Back on the queue at once: no heartbeat has to go stale first.
    const run = await job.result(runId);
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal((await runs.status(runId)).executorId, 'worker-taker');
    const counts = countEffects(read());
    assert.equal(counts.get('start handoff-1:turn-1:step-1 1'), 2, 'the step cut short ran again');
    assert.equal(counts.get('done handoff-1:turn-1:step-1 1'), 1);
    assert.equal(await taker.stop(), 0);
  });
});
