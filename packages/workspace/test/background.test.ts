// bash's run_in_background, bash_output and bash_kill with real processes:
// the command returns at once and keeps running, only new output is read,
// the kill and the workspace's close end the whole tree, and a background
// command passes the same question and sandbox as a foreground one.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { executeToolCall } from '@kodama/core/tool';
import type { Confirmer, ConfirmRequest } from '../src/index.ts';
import { BACKGROUND_MAX_OUTPUT_BYTES } from '../src/index.ts';
import { call, context, type Fixture, makeFixture, SECRET, text, toolsFor } from './fixture.ts';
import { eventually, pidAlive } from './helpers.ts';
import { bubblewrapProbe, skipWithoutBubblewrap } from './security-harness.ts';

const bwrapProblem = bubblewrapProbe();

/** Starts `command` in the background and returns its task id. */
async function startBackground(tools: ReturnType<typeof toolsFor>, command: string): Promise<string> {
  const started = text(await call(tools.bash, { command, run_in_background: true }));
  const id = /task (bash-\d+)/.exec(started)?.[1];
  assert.ok(id, `no task id in: ${started}`);
  return id;
}

/** Reads bash_output until `done(all text read so far)`; returns everything read. */
async function readUntil(
  tools: ReturnType<typeof toolsFor>,
  id: string,
  done: (seen: string) => boolean,
): Promise<string> {
  let seen = '';
  for (let i = 0; i < 4000 && !done(seen); i++) {
    seen += `${text(await call(tools.bash_output, { id }))}\n`;
    if (!done(seen)) await new Promise((r) => setTimeout(r, 25));
  }
  return seen;
}

function pidsIn(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number);
}

async function waitForPids(file: string, count: number): Promise<number[]> {
  assert.ok(await eventually(() => pidsIn(file).length >= count, 4000), 'the command never wrote its pids');
  return pidsIn(file);
}

test('a background command returns at once, keeps running, and bash_output gives only what is new', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const gate = join(f.project, 'gate');
  // It prints one line, waits for the gate file, then prints another and exits 3.
  const id = await startBackground(
    tools,
    `echo first; while [ ! -e ${gate} ]; do sleep 0.02; done; echo second; exit 3`,
  );
  const early = await readUntil(tools, id, (seen) => seen.includes('first'));
  assert.match(early, /first\n\[bash-1: running, \d+s\]/);
  assert.equal(f.workspace.background.running, 1);
  // Nothing new until the gate opens: the line already read is not repeated.
  assert.match(text(await call(tools.bash_output, { id })), /^\(no new output\)\n\[bash-1: running/);
  await call(tools.bash, { command: `touch ${gate}` });
  const late = await readUntil(tools, id, (seen) => seen.includes('exited'));
  assert.doesNotMatch(late, /first/);
  assert.match(late, /second\n/);
  assert.match(late, /\[bash-1: exited with code 3, \d+s\]/);
  assert.equal(f.workspace.background.running, 0);
});

test('a declined background command never starts (no marker file, no task)', async (t) => {
  const f = await makeFixture(t);
  const requests: ConfirmRequest[] = [];
  const declining: Confirmer = {
    reviewed: true,
    confirm: async (request) => {
      requests.push(request);
      return false;
    },
  };
  const tools = toolsFor(f, { confirmer: declining });
  const marker = join(f.project, 'marker');
  const outcome = await call(tools.bash, { command: `touch ${marker}`, run_in_background: true });
  assert.equal(outcome.kind, 'error');
  assert.match(text(outcome), /user declined to run the command; it was not run/);
  // The person was asked the same question, told it would run in the background without a timeout.
  assert.equal(requests.length, 1);
  assert.match(
    requests[0]!.title,
    /^run a shell command in the background in .* \(no sandbox, no timeout\)$/,
  );
  assert.equal(requests[0]!.detail, `touch ${marker}`);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(existsSync(marker), false);
  assert.deepEqual(f.workspace.background.list(), []);
});

test('bash_kill ends the whole process tree of a background command', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const pidFile = join(f.project, 'pids');
  const id = await startBackground(
    tools,
    `sleep 1000 & echo $! >> ${pidFile}; (trap '' TERM; exec sleep 1000) & echo $! >> ${pidFile}; echo $$ >> ${pidFile}; wait`,
  );
  const pids = await waitForPids(pidFile, 3);
  assert.ok(pids.every(pidAlive));
  assert.match(text(await call(tools.bash_kill, { id })), /^bash-1: killed after \d+s$/);
  assert.ok(await eventually(() => pids.every((p) => !pidAlive(p))), `still alive: ${pids.filter(pidAlive)}`);
  assert.match(text(await call(tools.bash_output, { id })), /\[bash-1: killed, \d+s\]$/);
  assert.match(text(await call(tools.bash_kill, { id })), /was not running \(killed\); nothing to kill/);
});

test('closing the workspace ends every background command, and no new one starts', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const pidFile = join(f.project, 'pids');
  await startBackground(tools, `sleep 1000 & echo $! >> ${pidFile}; echo $$ >> ${pidFile}; wait`);
  await startBackground(tools, `exec sleep 1000`);
  const pids = await waitForPids(pidFile, 2);
  await f.workspace.close();
  assert.ok(await eventually(() => pids.every((p) => !pidAlive(p))), `still alive: ${pids.filter(pidAlive)}`);
  assert.deepEqual(
    f.workspace.background.list().map((task) => task.status),
    [
      { state: 'killed', reason: 'closed' },
      { state: 'killed', reason: 'closed' },
    ],
  );
  const after = await call(tools.bash, { command: 'true', run_in_background: true });
  assert.match(text(after), /^Error: the workspace is closed/);
});

test('unread output is capped: the newest is kept and the read says how much was dropped', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const id = await startBackground(tools, 'seq 1 100000; echo LAST');
  await eventually(() => f.workspace.background.info(id)?.status.state !== 'running', 4000);
  const out = text(await call(tools.bash_output, { id }));
  assert.match(
    out,
    /^\[\.\.\. \d+ bytes of earlier output dropped: more than 64 KiB arrived since the last read/,
  );
  assert.match(out, /\n100000\nLAST\n\[bash-1: exited with code 0, \d+s\]$/);
  assert.ok(out.length < BACKGROUND_MAX_OUTPUT_BYTES + 400);
  assert.doesNotMatch(out, /^1\n/m);
});

test('an unknown id is an error that says what exists', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  assert.match(
    text(await call(tools.bash_output, { id: 'bash-9' })),
    /no background task "bash-9"; none was started/,
  );
  await startBackground(tools, 'true');
  assert.match(text(await call(tools.bash_kill, { id: 'x' })), /no background task "x"; known: bash-1/);
});

test("bash_output's legs: bash's untrusted input, judged by the task's own command, and no egress", async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const worst = { ...tools.bash.trifectaLegs, egress: 'none' };
  assert.deepEqual(tools.bash_output.trifectaLegs, worst);
  assert.equal(tools.bash.trifectaLegs.untrusted, 'hard');
  const fetching = await startBackground(tools, 'curl -s http://127.0.0.1:9 || true');
  const local = await startBackground(tools, 'echo local');
  assert.deepEqual(await tools.bash_output.legsOf?.({ id: fetching }), worst);
  assert.deepEqual(await tools.bash_output.legsOf?.({ id: local }), {
    privateData: true,
    untrusted: 'none',
    egress: 'none',
  });
  // An id that names nothing yet is judged as bash's worst input.
  assert.deepEqual(await tools.bash_output.legsOf?.({ id: 'bash-99' }), worst);
});

test('a background command runs in the same sandbox: no home, outside or credential secrets', async (t) => {
  if (skipWithoutBubblewrap(t, bwrapProblem())) return;
  const f: Fixture = await makeFixture(t);
  const tools = toolsFor(f, { sandbox: { kind: 'bubblewrap' } });
  const id = await startBackground(
    tools,
    `cat ${join(f.home, '.ssh/id_ed25519')} ${join(f.outside, 'secret.txt')} .env; echo "key=$OPENAI_API_KEY"; echo done`,
  );
  const out = await readUntil(tools, id, (seen) => seen.includes('exited'));
  assert.match(out, /done\n/);
  assert.ok(!out.includes(SECRET), out);
});

test('a running foreground command moved to the background returns its output so far and keeps running', async (t) => {
  const f = await makeFixture(t);
  // Live output tells the test that 'before' reached kodama (not only the pipe).
  const tools = toolsFor(f, { bashStreamOutput: true });
  const started = join(f.project, 'started');
  const gate = join(f.project, 'gate');
  const turn = new AbortController();
  let live = '';
  const command = `echo before; echo $$ > ${started}; while [ ! -e ${gate} ]; do sleep 0.02; done; echo after`;
  const running = executeToolCall(
    tools.bash,
    { id: 'call-1', name: tools.bash.name, arguments: JSON.stringify({ command }) },
    {
      ...context(turn.signal),
      emit: (_name, data) => {
        live += (data as { text: string }).text;
      },
    },
  );
  const [pid] = await waitForPids(started, 1);
  assert.ok(await eventually(() => live.includes('before'), 4000));
  // Nothing is listed while it runs in the foreground; moving it gives it an id.
  assert.deepEqual(f.workspace.background.list(), []);
  assert.deepEqual(f.workspace.background.moveToBackground(), ['bash-1']);
  const moved = text(await running);
  assert.match(
    moved,
    /^before\n\[the person moved this command to the background as task bash-1; it is still running/,
  );
  // The turn's cancel no longer reaches it.
  turn.abort();
  assert.ok(pidAlive(pid!));
  assert.equal(f.workspace.background.running, 1);
  await call(tools.bash, { command: `touch ${gate}` });
  const rest = await readUntil(tools, 'bash-1', (seen) => seen.includes('exited'));
  assert.doesNotMatch(rest, /before/);
  // 'after' may come in a read that still says running, the exit in the next one.
  assert.match(rest, /(^|\n)after\n/);
  assert.match(rest, /\[bash-1: exited with code 0, \d+s\]\n$/);
  // Nothing left to move; an ordinary command still runs and finishes in the foreground.
  assert.deepEqual(f.workspace.background.moveToBackground(), []);
  assert.equal(text(await call(tools.bash, { command: 'echo plain' })), 'plain\n[exit code 0]');
});

test('beyond maxBackground a background command is refused before anyone is asked, saying what to do', async (t) => {
  const f = await makeFixture(t, { maxBackground: 1 });
  const requests: ConfirmRequest[] = [];
  const counting: Confirmer = {
    reviewed: true,
    confirm: async (request) => {
      requests.push(request);
      return true;
    },
  };
  const tools = toolsFor(f, { confirmer: counting });
  assert.match(tools.bash.description, /at most 1 run at once/);
  const marker = join(f.project, 'second-ran');
  const first = await startBackground(tools, 'exec sleep 1000');
  assert.equal(requests.length, 1);
  const refused = text(await call(tools.bash, { command: `touch ${marker}`, run_in_background: true }));
  assert.equal(
    refused,
    'Error: 1 background commands are running, the most at once (1): bash-1 (exec sleep 1000); this one was not started. ' +
      'Wait for one to finish (bash_output {"id":"bash-1"} says whether it has), end one you no longer need with bash_kill, ' +
      'or run this command without run_in_background',
  );
  assert.equal(requests.length, 1, 'the person was asked about a command that could not start');
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(existsSync(marker), false);
  assert.equal(f.workspace.background.list().length, 1);
  // A foreground command still runs; once one ends, another starts.
  assert.equal(text(await call(tools.bash, { command: 'echo plain' })), 'plain\n[exit code 0]');
  await call(tools.bash_kill, { id: first });
  const next = await startBackground(tools, `touch ${marker}`);
  assert.equal(next, 'bash-2');
  assert.ok(await eventually(() => existsSync(marker)));
});

test('a person moving a command to the background is not refused by the limit', async (t) => {
  const f = await makeFixture(t, { maxBackground: 1 });
  const tools = toolsFor(f, { bashStreamOutput: true });
  await startBackground(tools, 'exec sleep 1000');
  let live = '';
  const running = executeToolCall(
    tools.bash,
    {
      id: 'call-2',
      name: tools.bash.name,
      arguments: JSON.stringify({ command: 'echo go; exec sleep 1000' }),
    },
    {
      ...context(),
      emit: (_name, data) => {
        live += (data as { text: string }).text;
      },
    },
  );
  assert.ok(await eventually(() => live.includes('go'), 4000));
  assert.deepEqual(f.workspace.background.moveToBackground(), ['bash-2']);
  assert.match(text(await running), /moved this command to the background as task bash-2/);
  assert.equal(f.workspace.background.running, 2);
});

test('maxBackground 0 turns background commands off; a bad value is refused', async (t) => {
  const f = await makeFixture(t, { maxBackground: 0 });
  const tools = toolsFor(f);
  assert.match(
    text(await call(tools.bash, { command: 'true', run_in_background: true })),
    /^Error: background commands are turned off here \(at most 0 at once\); this one was not started/,
  );
  await assert.rejects(
    makeFixture(t, { maxBackground: -1 }),
    /maxBackground must be a non-negative integer, got -1/,
  );
  await assert.rejects(
    makeFixture(t, { maxBackground: 1.5 }),
    /maxBackground must be a non-negative integer/,
  );
});
