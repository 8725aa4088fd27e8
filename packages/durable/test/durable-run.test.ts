// A durable run in this process: the same answer, usage and conversation as
// the agent asked directly, checkpointed steps, idempotency keys from the
// run's id, and an event log another reader replays from the start.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { workflow } from '@kodama/assemblies';
import { isRunnable, Run } from '@kodama/core';
import { sequentialIds } from '@kodama/core/ids';
import { type DurableAgent, durable, PostgresSessionStore, shutdownDurable } from '@kodama/durable';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import pg from 'pg';
import { countEffects, effectAgent, effectScript } from './support/fixture-agent.ts';
import { freshDatabase } from './support/postgres.ts';

const db = await freshDatabase('run');
const dir = mkdtempSync(join(tmpdir(), 'kodama-durable-run-'));
const effects = join(dir, 'effects.log');
let server: ScriptedServer;
let agent: DurableAgent;
let withSessions: DurableAgent;
let store: PostgresSessionStore;
let pipeline: DurableAgent;
let oneStepServer: ScriptedServer;

describe('a durable run in this process', { skip: 'skip' in db ? db.skip : false }, () => {
  before(async () => {
    server = await startOpenAICompatibleServer({ script: effectScript(2) });
    const url = 'url' in db ? db.url : '';
    agent = durable(() => effectAgent(server.url, { file: effects }), { name: 'in-process', database: url });
    oneStepServer = await startOpenAICompatibleServer({ script: effectScript(1) });
    // An assembly: two agents (built with the durable seams) one after the other.
    pipeline = durable(
      async () => {
        const [first, second] = [
          await effectAgent(oneStepServer.url, { file: effects }, { id: 'first' }),
          await effectAgent(oneStepServer.url, { file: effects }, { id: 'second' }),
        ];
        return workflow(async (wf, input) => {
          const notes = await wf.invoke(first, { input }).output();
          return wf.invoke(second, { input: `Check: ${notes}` });
        });
      },
      { name: 'pipeline', database: url },
    );
    store = await PostgresSessionStore.open({ url });
    withSessions = durable(() => effectAgent(server.url, { file: effects }), {
      name: 'with-sessions',
      database: url,
      sessions: store,
    });
  });
  after(async () => {
    await shutdownDurable();
    await store?.close();
    await server?.close();
    await oneStepServer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('completes like the agent asked directly: answer, usage, and the same conversation byte for byte', async () => {
    const run = await agent.ask('Do the job.', { runId: 'same-1' });
    assert.ok(run instanceof Run, 'the same Run as an agent returns');
    assert.equal(run.id, 'same-1');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'done: Do the job.');
    assert.ok(run.usage!.totalTokens > 0);

    // The direct run: the same agent options, a sequential id source named after the same run id.
    const direct = await (
      await effectAgent(
        server.url,
        { file: join(dir, 'direct.log') },
        {
          ids: sequentialIds('same-1:'),
        },
      )
    ).ask('Do the job.', { runId: 'same-1' });
    assert.equal(direct.outcome, 'completed');
    assert.deepEqual(run.history!.toJSON(), direct.history!.toJSON());
    assert.deepEqual(run.usage, direct.usage);
  });

  test('every model call and tool call is a checkpointed step; tools see <turn id>:<call id> keys', async () => {
    const run = await agent.ask('Count the steps.', { runId: 'steps-1' });
    assert.equal(run.outcome, 'completed', String(run.error));
    const steps = (await DBOS.listWorkflowSteps('steps-1')) ?? [];
    assert.deepEqual(
      steps.map((s) => s.name),
      ['model', 'tool:effect', 'model', 'tool:effect', 'model'],
    );
    const lines = readFileSync(effects, 'utf8')
      .split('\n')
      .filter((l) => l.includes('steps-1:'));
    const counts = countEffects(lines.join('\n'));
    assert.equal(lines.length, 4, lines.join('\n'));
    for (const [line, n] of counts) {
      assert.equal(n, 1, line);
      assert.match(line, /^(start|done) steps-1:turn-1:step-[12] [12]$/);
    }
  });

  test("the event log replays the run's events from the start, in order, ending with run-end (completed)", async () => {
    const run = await agent.ask('Replay me.', { runId: 'events-1' });
    const runs = await agent.runs();
    const replayed = [];
    for await (const e of runs.events(run.id)) replayed.push(e);
    const types = replayed.map((e) => e.type);
    assert.equal(types[0], 'run-start');
    assert.equal(types.at(-1), 'run-end');
    assert.deepEqual(
      types.filter((t) => t === 'tool-call' || t === 'tool-result' || t === 'assistant'),
      ['tool-call', 'tool-result', 'tool-call', 'tool-result', 'assistant'],
    );
    const last = replayed.at(-1);
    assert.ok(last?.type === 'run-end' && last.outcome === 'completed');
    assert.equal(last.response, 'done: Replay me.');
    // JSON keeps no undefined fields: an unknown cost comes back as a missing key.
    assert.deepEqual({ ...last.usage, costUsd: last.usage.costUsd }, run.usage);
    // From an offset: the same tail.
    const tail = [];
    for await (const e of runs.events(run.id, { from: replayed.length - 2 })) tail.push(e.type);
    assert.deepEqual(tail, types.slice(-2));
  });

  test('a log recorded with the old terminal name (run-stop) still loads: read as run-end with its outcome', async () => {
    const run = await agent.ask('Old log.', { runId: 'legacy-1' });
    assert.equal(run.outcome, 'completed', String(run.error));
    // Rewrite the stored terminal event as a log written before run-end existed had it.
    const pool = new pg.Pool({ connectionString: 'url' in db ? db.url : '' });
    try {
      const { rowCount } = await pool.query(
        `UPDATE kodama.run_events SET event = jsonb_set(event, '{type}', '"run-stop"')
         WHERE run_id = 'legacy-1' AND event->>'type' = 'run-end'`,
      );
      assert.equal(rowCount, 1);
    } finally {
      await pool.end();
    }
    const runs = await agent.runs();
    const replayed = [];
    for await (const e of runs.events(run.id)) replayed.push(e);
    const last = replayed.at(-1);
    assert.ok(last?.type === 'run-end' && last.outcome === 'completed', JSON.stringify(last));
    assert.equal(last.response, 'done: Old log.');
    const recorded = await runs.recordedEvents(run.id);
    assert.deepEqual(recorded.at(-1)?.event, last);
  });

  test('a durable agent is a Runnable: its stream carries the worker-recorded events between its own run-start and run-end', async () => {
    assert.ok(isRunnable(agent));
    const stream = agent.stream('Stream it.', { runId: 'stream-1' });
    const types: string[] = [];
    for await (const e of stream) types.push(e.type);
    const run = await stream.run;
    assert.equal(run.outcome, 'completed');
    assert.equal(types[0], 'run-start');
    assert.equal(types.at(-1), 'run-end');
    assert.equal(types.filter((t) => t === 'run-start' || t === 'run-end').length, 2);
    assert.deepEqual(
      types.filter((t) => t === 'tool-call' || t === 'tool-result' || t === 'assistant'),
      ['tool-call', 'tool-result', 'tool-call', 'tool-result', 'assistant'],
    );
  });

  test('options that cannot cross to a worker are refused before a run exists', () => {
    assert.throws(() => agent.createRun('x', { prices: {} }), /AskOptions\.prices/);
  });

  test('result(runId) from the database gives the same run again', async () => {
    const first = await agent.ask('Once.', { runId: 'again-1' });
    const again = await agent.result('again-1');
    assert.equal(again.outcome, 'completed');
    assert.equal(again.response, first.response);
    assert.deepEqual(again.history.toJSON(), first.history!.toJSON());
  });

  test('a durable run continues a session of the Postgres store and records itself there', async () => {
    const first = await withSessions.ask('First job.', { storedSession: 'durable-s1' });
    const second = await withSessions.ask('Second job.', { storedSession: 'durable-s1' });
    assert.equal(second.outcome, 'completed', String(second.error));
    const stored = await store.load('durable-s1');
    const users = stored!.messages.filter((m) => m.kind === 'user');
    assert.equal(users.length, 2, 'the second run saw and kept the first one');
    assert.deepEqual(
      (await store.listRuns('durable-s1')).map((r) => [r.runId, r.outcome]),
      [
        [first.id, 'completed'],
        [second.id, 'completed'],
      ],
    );
  });

  test('an assembly runs durably too: every step of each participant is checkpointed', async () => {
    const run = await pipeline.ask('Plan it.', { runId: 'pipeline-1' });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'done: Check: done: Plan it.');
    const steps = (await DBOS.listWorkflowSteps('pipeline-1')) ?? [];
    assert.deepEqual(
      steps.map((s) => s.name),
      ['model', 'tool:effect', 'model', 'model', 'tool:effect', 'model'],
    );
    const keys = readFileSync(effects, 'utf8').match(/^start pipeline-1:\S+/gm) ?? [];
    assert.deepEqual(keys, ['start pipeline-1:turn-1:step-1', 'start pipeline-1:turn-2:step-1']);
  });
});
