// Nothing kodama started survives it, even when it is killed with SIGKILL
// (no exit handler runs then): a real host process (a Workspace and its bash
// tool, test/support/kodama-host.ts) starts background commands whose
// grandchildren keep writing a marker file, the test SIGKILLs the host, and
// every process of the commands must be gone and the markers must stop
// changing. Also the session's normal end, process.exit without a close, a
// foreground command's `&` leftover, the watchdog being killed itself, and a
// group the registry forgot (never hit: its id could have been reused).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { eventually, pidAlive, tempDir } from './helpers.ts';
import { bubblewrapProbe, skipWithoutBubblewrap } from './security-harness.ts';
import type { HostReport, HostSpec } from './support/kodama-host.ts';

const HOST = join(import.meta.dirname, 'support', 'kodama-host.ts');
const bwrapProblem = bubblewrapProbe();

/** A loop that rewrites `file` every 50 ms, forever. */
const writer = (file: string) => `while :; do date +%s%N > ${file}; sleep 0.05; done`;

/** A command with every kind of descendant: a plain child, a grandchild loop, and one that left the session. */
function tree(dir: string): string {
  return `echo hello; sleep 1000 & (${writer(join(dir, 'marker'))}) & setsid sh -c '${writer(join(dir, 'escaped'))}' & wait`;
}

interface Host {
  readonly child: ChildProcess;
  readonly report: HostReport;
  /** Resolves with the exit code (or signal) once it has exited. */
  readonly exited: Promise<number | string | null>;
}

async function startHost(t: TestContext, spec: HostSpec): Promise<Host> {
  const child = spawn(
    process.execPath,
    ['--conditions=@kodama/source', '--import', 'tsx', HOST, JSON.stringify(spec)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  t.after(() => child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    });
    exited.then((code) => reject(new Error(`the host exited (${code}) before it was ready:\n${stderr}`)));
  });
  return { child, report: JSON.parse(line) as HostReport, exited };
}

/** Live (not zombie) processes whose working directory is `dir`: everything the commands started. */
function processesIn(dir: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Once the directory is removed (the test's end), the link reads `<dir> (deleted)`.
      const cwd = readlinkSync(`/proc/${name}/cwd`).replace(/ \(deleted\)$/, '');
      if (cwd === dir && pidAlive(Number(name))) found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True once `file` exists and has changed between two looks (the loop runs). */
async function changing(file: string): Promise<boolean> {
  return eventually(() => read(file) !== '', 400).then(async (there) => {
    const before = read(file);
    await pause(300);
    return there && read(file) !== before;
  });
}

/** The marker has stopped: unchanged over 600 ms (a live loop rewrites it every 50 ms). */
async function stopped(file: string): Promise<boolean> {
  const before = read(file);
  await pause(600);
  return read(file) === before;
}

/** Kills what a failed test leaves (only processes working in this test's own directory). */
function cleanUp(t: TestContext, dir: string): void {
  t.after(() => {
    for (const pid of processesIn(dir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

async function assertAllGone(project: string): Promise<void> {
  assert.ok(
    await eventually(() => processesIn(project).length === 0, 400),
    `still running: ${processesIn(project).join(', ')}`,
  );
  assert.ok(await stopped(join(project, 'marker')), 'the grandchild still writes its marker');
  assert.ok(await stopped(join(project, 'escaped')), 'the setsid grandchild still writes its marker');
}

for (const sandbox of [false, true]) {
  test(`SIGKILL of kodama ends its background commands and all they started (${sandbox ? 'bubblewrap' : 'no sandbox'})`, async (t) => {
    if (sandbox && skipWithoutBubblewrap(t, bwrapProblem())) return;
    const project = tempDir(t);
    cleanUp(t, project);
    const host = await startHost(t, {
      project,
      sandbox,
      background: [tree(project), `exec sleep 1000`],
      expect: 'hello',
      end: 'wait',
    });
    // An ordinary background command runs, and its output is read while it does.
    assert.match(host.report.output, /hello\n\[bash-1: running, \d+s\]/);
    assert.equal(host.report.running, 2);
    assert.ok(await changing(join(project, 'marker')), 'the grandchild never wrote its marker');
    assert.ok(await changing(join(project, 'escaped')), 'the setsid grandchild never wrote its marker');
    // bash, sleep, the loops and their sleeps (and bwrap's two processes in the sandbox).
    assert.ok(processesIn(project).length >= 5, `too few processes: ${processesIn(project)}`);
    host.child.kill('SIGKILL');
    assert.equal(await host.exited, 'SIGKILL');
    await assertAllGone(project);
  });
}

test("the session's end ends them, and the host exits on its own", async (t) => {
  const project = tempDir(t);
  cleanUp(t, project);
  const host = await startHost(t, {
    project,
    sandbox: false,
    background: [tree(project)],
    expect: 'hello',
    end: 'close',
  });
  assert.equal(await host.exited, 0);
  await assertAllGone(project);
});

test('process.exit with the workspace still open ends them too', async (t) => {
  const project = tempDir(t);
  cleanUp(t, project);
  const host = await startHost(t, {
    project,
    sandbox: false,
    background: [tree(project)],
    expect: 'hello',
    end: 'exit',
  });
  assert.equal(await host.exited, 0);
  await assertAllGone(project);
});

test("a foreground command's & leftover dies with kodama", async (t) => {
  const project = tempDir(t);
  cleanUp(t, project);
  const host = await startHost(t, {
    project,
    sandbox: false,
    background: [`echo hello; setsid sh -c '${writer(join(project, 'escaped'))}' & wait`],
    // bash returns once the shell exits; the loop goes on in its group.
    foreground: [`(${writer(join(project, 'marker'))}) >/dev/null 2>&1 &`],
    expect: 'hello',
    end: 'wait',
  });
  assert.ok(await changing(join(project, 'marker')), 'the leftover never wrote its marker');
  host.child.kill('SIGKILL');
  await host.exited;
  await assertAllGone(project);
});

test('a killed watchdog is replaced, and the new one knows the earlier commands too', async (t) => {
  const project = tempDir(t);
  cleanUp(t, project);
  const host = await startHost(t, {
    project,
    sandbox: false,
    background: [tree(project), 'exec sleep 1000'],
    killWatchdog: true,
    expect: 'hello',
    end: 'wait',
  });
  assert.ok(host.report.watchdog !== undefined && pidAlive(host.report.watchdog), 'no new watchdog');
  assert.ok(await changing(join(project, 'marker')));
  host.child.kill('SIGKILL');
  await host.exited;
  await assertAllGone(project);
});

test('a group the registry forgot is not killed (its id could belong to another process by then)', async (t) => {
  const project = tempDir(t);
  cleanUp(t, project);
  const pidFile = join(project, 'pid2');
  const host = await startHost(t, {
    project,
    sandbox: false,
    background: [
      'echo hello; exec sleep 1000',
      `echo $$ > ${pidFile}.tmp && mv ${pidFile}.tmp ${pidFile}; exec sleep 1001`,
    ],
    forgetPidFile: pidFile,
    expect: 'hello',
    end: 'wait',
  });
  const forgotten = Number(readFileSync(pidFile, 'utf8'));
  assert.ok(pidAlive(forgotten));
  host.child.kill('SIGKILL');
  await host.exited;
  // The one still recorded dies; the forgotten one is left as it is (cleanUp ends it).
  assert.ok(await eventually(() => processesIn(project).length === 1, 400), `left: ${processesIn(project)}`);
  assert.deepEqual(processesIn(project), [forgotten]);
  await pause(300);
  assert.ok(pidAlive(forgotten), 'the forgotten group was killed');
});
