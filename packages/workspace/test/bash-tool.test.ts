import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Confirmer, ConfirmRequest } from '../src/index.ts';
import { call, makeFixture, text, toolsFor } from './fixture.ts';
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

test('a timeout kills the command, its children and grandchildren', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const pidFile = join(f.project, 'pids');
  const command = `sleep 1000 & echo $! >> ${pidFile}; bash -c 'sleep 1000 & echo $! >> ${pidFile}; wait' & echo $! >> ${pidFile}; wait`;
  const outcome = await call(tools.bash, { command, timeout: 1 });
  assert.equal(outcome.kind, 'error');
  assert.match(
    text(outcome),
    /^Error: the command timed out after 1s and was killed with all its child processes/,
  );
  const { readFileSync } = await import('node:fs');
  const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
  assert.equal(pids.length, 3);
  assert.ok(await eventually(() => pids.every((p) => !pidAlive(p))), `still alive: ${pids.filter(pidAlive)}`);
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

test('cancelling the turn kills the command', async (t) => {
  const f = await makeFixture(t);
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 200);
  const outcome = await call(toolsFor(f).bash, { command: 'sleep 1000' }, controller.signal);
  assert.equal(outcome.kind, 'failure');
});
