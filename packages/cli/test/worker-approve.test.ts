// kodama worker, kodama runs and kodama approve over a real Postgres: a run
// submitted from one process, executed by the worker process, its calculator
// call waiting (listed by `kodama approvals`, the worker killed and restarted
// meanwhile) until `kodama approve` (a third process) answers it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import { DurableRuns, shutdownDurable } from '@kodama/durable';
import { freshDatabase } from '../../durable/test/support/postgres.ts';
import { BIN, isolatedEnv, runKodama, runProgram } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

/** Starts `kodama inspect` with `env`'s database, reads a run's events through its API, stops it. */
async function inspectRunEvents(
  env: NodeJS.ProcessEnv,
  runId: string,
): Promise<{ t: number; event: { type: string } }[]> {
  const child = spawn(process.execPath, [BIN, 'inspect', '--no-skills'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let stderr = '';
  const address = await new Promise<URL>((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /the inspector is at (\S+)/.exec(stderr);
      if (m) resolve(new URL(m[1]!));
    });
    void exited.then((code) => reject(new Error(`kodama inspect exited (${code}): ${stderr}`)));
  });
  try {
    // The printed address carries the token in its fragment, which a browser never sends.
    const token = new URLSearchParams(address.hash.slice(1)).get('token')!;
    const response = await fetch(new URL(`/api/runs/${runId}/events`, address), {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as { t: number; event: { type: string } }[];
  } finally {
    child.kill('SIGINT');
    assert.equal(await exited, 0, stderr);
  }
}

test('kodama worker without a database says how to start Postgres (exit 2)', async () => {
  const model = await serve([]);
  const out = await runKodama(
    ['worker', '--model', `openai-compatible:${model.url}/v1`, '--no-skills'],
    isolatedEnv(),
  );
  assert.equal(out.code, 2, out.stderr);
  assert.match(out.stderr, /durable runs need a PostgreSQL database/);
  assert.match(out.stderr, /apt-get install -y postgresql/);
  assert.match(out.stderr, /docker run/);
});

test('kodama approve and kodama runs refuse a command line without a run id (exit 2)', async () => {
  const approve = await runKodama(['approve'], isolatedEnv());
  assert.equal(approve.code, 2);
  assert.match(
    approve.stderr,
    /kodama approve needs an approval id \(kodama approvals lists them\) or a run id/,
  );
  const runs = await runKodama(['runs', 'result'], isolatedEnv());
  assert.equal(runs.code, 2);
  assert.match(runs.stderr, /kodama runs result needs a run id/);
});

const db = await freshDatabase('cli');
describe('a durable run through the kodama command', { skip: 'skip' in db ? db.skip : false }, () => {
  const database = 'url' in db ? db.url : '';

  test('submit → the worker waits for approval → it is killed and restarted → kodama approve → result and events; SIGTERM stops it', async () => {
    const model = await serve((request) => {
      const messages = (request.body as { messages: { role: string }[] }).messages;
      return messages.some((m) => m.role === 'tool')
        ? { text: 'It is 42.' }
        : { toolCalls: [{ id: 'calc-1', name: 'calculator', arguments: { expression: '6*7' } }] };
    });
    const env = isolatedEnv({ KODAMA_DATABASE_URL: database });
    const startWorker = async () => {
      const child = spawn(
        process.execPath,
        [
          BIN,
          'worker',
          '--model',
          `openai-compatible:${model.url}/v1@scripted-model`,
          '--tools',
          'calculator',
          '--approve',
          'calculator',
          '--no-skills',
          '--concurrency',
          '2',
          '--executor-id',
          'cli-worker',
        ],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const started = {
        child,
        stderr: '',
        exited: new Promise<number | null>((resolve) => child.on('exit', resolve)),
      };
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (d) => {
          started.stderr += d;
          if (started.stderr.includes('serving queue kodama')) resolve();
        });
        void started.exited.then((code) =>
          reject(new Error(`kodama worker exited (${code}): ${started.stderr}`)),
        );
      });
      return started;
    };
    const first = await startWorker();
    assert.match(
      first.stderr,
      /worker cli-worker serving queue kodama \(2 at once; calculator wait for kodama approve\)/,
    );

    const submitted = await runKodama(['runs', 'submit', 'What is 6*7?'], env);
    assert.equal(submitted.code, 0, submitted.stderr);
    const runId = submitted.stdout.trim();
    assert.match(runId, /^[0-9a-f-]{36}$/);

    const runs = await DurableRuns.connect(database);
    let restarted: Awaited<ReturnType<typeof startWorker>> | undefined;
    try {
      while ((await runs.pendingApproval(runId)) === null) await new Promise((r) => setTimeout(r, 50));
      const status = await runKodama(['runs', 'status', runId], env);
      assert.equal(status.stdout, `${runId}: PENDING (worker cli-worker)\n`);
      // The same list as every surface's questions: the run's call, by its run id.
      const listed = await runKodama(['approvals', '--json'], env);
      assert.equal(listed.code, 0, listed.stderr);
      const waiting = listed.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.deepEqual(
        waiting.map((w) => [w.id, w.surface, w.wouldRun]),
        [[runId, 'durable', { tool: 'calculator', detail: '{"expression":"6*7"}' }]],
      );
      assert.match(
        (await runKodama(['approvals'], env)).stdout,
        new RegExp(`${runId}  call calculator \\(calc-1\\)`),
      );

      // The worker dies while the call waits (kill -9); a new one recovers the run, still waiting.
      first.child.kill('SIGKILL');
      await first.exited;
      const second = await startWorker();
      restarted = second;
      assert.equal((await runs.pendingApproval(runId))?.toolCallId, 'calc-1');

      const approved = await runKodama(['approve', runId], env);
      assert.equal(approved.code, 0, approved.stderr);
      assert.equal(
        approved.stdout,
        `approved: calculator {"expression":"6*7"} (call calc-1) in run ${runId}\n`,
      );

      const result = await runKodama(['runs', 'result', runId], env);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, 'It is 42.\n');

      const again = await runKodama(['approve', runId, '--deny'], env);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /is not waiting for an approval/);

      const events = await runKodama(['runs', 'events', runId, '--no-follow'], env);
      const lines = events.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; outcome?: string });
      const types = lines.map((e) => e.type);
      assert.equal(types[0], 'run-start');
      assert.ok(types.includes('tool-result'));
      assert.deepEqual([lines.at(-1)?.type, lines.at(-1)?.outcome], ['run-end', 'completed']);
      // A reader that stops early (`| head -1`): one line, and kodama ends quietly with 141, no stack trace.
      const head = await runProgram(
        'bash',
        ['-c', `set -o pipefail; '${process.execPath}' '${BIN}' runs events ${runId} --no-follow | head -1`],
        env,
      );
      assert.equal(head.stdout.trim().split('\n').length, 1);
      assert.equal(JSON.parse(head.stdout).type, 'run-start');
      assert.ok(head.code === 141 || head.code === 0, `exit ${head.code}: ${head.stderr}`);
      assert.doesNotMatch(head.stderr, /EPIPE|at \S+ \(/);
      // A reader gone before the first line (`| true` exits at once): kodama says nothing on stderr.
      const gone = await runProgram(
        'bash',
        ['-c', `set -o pipefail; '${process.execPath}' '${BIN}' runs events ${runId} --no-follow | true`],
        env,
      );
      assert.ok(gone.code === 141 || gone.code === 0, `exit ${gone.code}: ${gone.stderr}`);
      assert.equal(gone.stderr, '');

      // The inspector over the same database draws the run's timeline from the durable log.
      const recorded = await inspectRunEvents(env, runId);
      assert.deepEqual(
        recorded.map((r) => r.event.type),
        types,
      );
      assert.ok(
        recorded.every((r, i) => typeof r.t === 'number' && (i === 0 || r.t >= recorded[i - 1]!.t)),
        'each event carries when it was written, in order',
      );
    } finally {
      await runs.close();
      await shutdownDurable();
    }
    const worker = restarted ?? first;
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0, worker.stderr);
    assert.match(worker.stderr, /SIGTERM: finishing the running runs/);
    assert.match(worker.stderr, /worker stopped/);
  });
});
