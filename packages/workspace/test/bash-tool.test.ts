import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ToolOutcome } from '@kodama/core/tool';
import type { Confirmer, ConfirmRequest } from '../src/index.ts';
import { call, type Fixture, makeFixture, text, toolsFor } from './fixture.ts';
import { eventually, pidAlive } from './helpers.ts';

function recording(answer: boolean): Confirmer & { requests: ConfirmRequest[] } {
  const requests: ConfirmRequest[] = [];
  return {
    reviewed: true,
    requests,
    confirm: async (r) => {
      requests.push(r);
      return answer;
    },
  };
}

/** The pids a command wrote to `file`, one a line (none when it does not exist yet). */
function pidsIn(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number);
}

/**
 * Runs `command` with a timeout until every one of its `expected` pids was
 * written before the timeout hit, doubling the timeout each try: no
 * assumption about how fast this machine starts processes.
 */
async function timeoutWithPids(
  f: Fixture,
  command: (pidFile: string) => string,
  expected: number,
): Promise<{ outcome: ToolOutcome; pids: number[] }> {
  for (let timeout = 1; ; timeout *= 2) {
    const pidFile = join(f.project, `pids-${timeout}`);
    const outcome = await call(toolsFor(f).bash, { command: command(pidFile), timeout });
    const pids = pidsIn(pidFile);
    assert.ok(
      await eventually(() => pids.every((p) => !pidAlive(p))),
      `still alive: ${pids.filter(pidAlive)}`,
    );
    if (pids.length === expected || timeout >= 64) return { outcome, pids };
  }
}

test('a timeout kills the command, its children and grandchildren', async (t) => {
  const f = await makeFixture(t);
  const { outcome, pids } = await timeoutWithPids(
    f,
    (file) =>
      `sleep 1000 & echo $! >> ${file}; bash -c 'sleep 1000 & echo $! >> ${file}; wait' & echo $! >> ${file}; wait`,
    3,
  );
  assert.equal(outcome.kind, 'error');
  assert.match(
    text(outcome),
    /^Error: the command timed out after \d+s and was killed with all its child processes/,
  );
  assert.equal(pids.length, 3);
});

test('a timeout also kills a child that ignores SIGTERM after the leader has exited', async (t) => {
  const f = await makeFixture(t);
  const { outcome, pids } = await timeoutWithPids(
    f,
    (file) => `(trap '' TERM; exec sleep 300) & echo $! >> ${file}; wait`,
    1,
  );
  assert.equal(outcome.kind, 'error');
  assert.equal(pids.length, 1);
  assert.equal(pidAlive(pids[0]!), false);
});

test('a timeout kills a child that moved to its own session with setsid while its parent lives', async (t) => {
  const f = await makeFixture(t);
  const { pids } = await timeoutWithPids(f, (file) => `setsid sleep 300 & echo $! >> ${file}; wait`, 1);
  assert.equal(pids.length, 1);
  assert.equal(pidAlive(pids[0]!), false);
});

test('the timeout is bounded', async (t) => {
  const f = await makeFixture(t);
  const outcome = await call(toolsFor(f).bash, { command: 'true', timeout: 601 });
  assert.match(text(outcome), /^Error: timeout must be between 1 and 600 seconds/);
  assert.match(
    text(await call(toolsFor(f).bash, { command: 'true', timeout: 'soon' })),
    /^Error: invalid arguments/,
  );
});

test('a declined command does not run, and the confirmer saw the sanitized text', async (t) => {
  const f = await makeFixture(t);
  const confirmer = recording(false);
  const raw = 'echo harmless\r\x1b[2Ktouch declined-ran';
  const outcome = await call(toolsFor(f, { confirmer }).bash, { command: raw });
  assert.equal(outcome.kind, 'error');
  assert.match(text(outcome), /^Error: user declined to run the command/);
  assert.equal(existsSync(join(f.project, 'declined-ran')), false);
  assert.equal(confirmer.requests[0]?.detail, 'echo harmless\\x0d\\x1b[2Ktouch declined-ran');
  assert.deepEqual(confirmer.requests[0]?.warnings, ['escape', 'carriage-return']);
});

test('an approved command runs the raw text, not the displayed one', async (t) => {
  const f = await makeFixture(t);
  const confirmer = recording(true);
  const outcome = await call(toolsFor(f, { confirmer }).bash, { command: 'printf "a\\tb\\n"\t# tab' });
  assert.equal(text(outcome), 'a\tb\n[exit code 0]');
  assert.equal(confirmer.requests[0]?.detail, 'printf "a\\tb\\n"\\t# tab');
});

test('profile files are not read (BASH_ENV is dropped)', async (t) => {
  const f = await makeFixture(t);
  const rc = join(f.base, 'rc.sh');
  writeFileSync(rc, 'echo PROFILE-LOADED\n');
  const tools = toolsFor(f, { env: { ...process.env, HOME: f.home, BASH_ENV: rc, ENV: rc } });
  assert.equal(text(await call(tools.bash, { command: 'echo body' })), 'body\n[exit code 0]');
});

test('output is capped with a marker, keeping the end', async (t) => {
  const f = await makeFixture(t);
  const outcome = await call(toolsFor(f).bash, { command: 'seq 1 100000; echo LAST' });
  assert.match(text(outcome), /bytes of output truncated/);
  assert.match(text(outcome), /LAST\n\[exit code 0\]$/);
});

test('background processes left by a command are killed when the workspace closes', async (t) => {
  const f = await makeFixture(t);
  const outcome = await call(toolsFor(f).bash, { command: 'sleep 1000 & echo $!' });
  const pid = Number(text(outcome).split('\n')[0]);
  assert.ok(pidAlive(pid));
  await f.workspace.close();
  assert.ok(await eventually(() => !pidAlive(pid)));
  assert.match(text(await call(toolsFor(f).bash, { command: 'true' })), /^Error: the workspace is closed/);
});

test('cancelling the turn kills the command and its children', async (t) => {
  const f = await makeFixture(t);
  const pidFile = join(f.project, 'pids');
  const controller = new AbortController();
  const running = call(
    toolsFor(f).bash,
    { command: `sleep 1000 & echo $! >> ${pidFile}; echo $$ >> ${pidFile}; wait` },
    controller.signal,
  );
  assert.ok(await eventually(() => pidsIn(pidFile).length === 2, 10_000), 'the command never started');
  controller.abort();
  const outcome = await running;
  assert.equal(outcome.kind, 'failure');
  const pids = pidsIn(pidFile);
  assert.ok(await eventually(() => pids.every((p) => !pidAlive(p))), `still alive: ${pids.filter(pidAlive)}`);
});

test('closing the workspace SIGKILLs a leftover child that ignores SIGTERM', async (t) => {
  const f = await makeFixture(t);
  const outcome = await call(toolsFor(f).bash, { command: "(trap '' TERM; exec sleep 300) & echo $!" });
  const pid = Number(text(outcome).split('\n')[0]);
  assert.ok(pidAlive(pid));
  await f.workspace.close();
  assert.ok(await eventually(() => !pidAlive(pid)), `still alive: ${pid}`);
});
