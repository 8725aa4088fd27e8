// Security suite, family "sandbox" and "resource limits": what a command run
// by bash inside the real bubblewrap sandbox can no longer do (plant a git
// hook or edit .git/config for the host's next `git commit`, rewrite the
// project's .kodama, remount, exhaust the machine), and the ordinary work that
// still runs there. Every case runs the real bwrap; without it they skip,
// and fail when CI is set (CI installs bubblewrap).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { InvalidOptionError } from '@kodama/core';
import {
  assertSandboxAvailable,
  autoApprove,
  type BubblewrapSandbox,
  bashTool,
  Workspace,
} from '@kodama/workspace';
import { DEFAULT_RESOURCE_LIMITS } from '../../packages/workspace/src/sandbox/resource-limits.ts';
import { call, text } from '../../packages/workspace/test/fixture.ts';
import { bubblewrapProbe, skipWithoutBubblewrap } from '../../packages/workspace/test/security-harness.ts';

const bubblewrapProblem = bubblewrapProbe();
/** True (and the test skipped) when bwrap cannot start here; fails instead under CI. */
const noBubblewrap = (t: TestContext): boolean => skipWithoutBubblewrap(t, bubblewrapProblem());

function tempDir(t: TestContext): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'kodama-sec-sandbox-')));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Git on the host, with an identity and no user or system configuration. */
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
}

/** A git repository with one commit and a project `.kodama/config.json`. */
function repo(t: TestContext): { base: string; project: string } {
  const base = tempDir(t);
  const project = join(base, 'project');
  mkdirSync(join(project, '.kodama'), { recursive: true });
  writeFileSync(join(project, 'README.md'), '# demo\n');
  writeFileSync(join(project, '.kodama/config.json'), '{"permissions":{"deny":["bash(rm:*)"]}}\n');
  git(project, 'init', '-q', '-b', 'main');
  git(project, 'add', '.');
  git(project, 'commit', '-q', '-m', 'first');
  return { base, project };
}

interface Ran {
  readonly text: string;
  /** The `[exit code N]` bash reported, or undefined. */
  readonly exitCode: number | undefined;
}

/** Runs `command` with the bash tool inside bubblewrap over `project`. */
async function sandboxed(
  t: TestContext,
  project: string,
  command: string,
  sandbox: Partial<BubblewrapSandbox> = {},
  workspaceOptions: { writableRoots?: string[] } = {},
): Promise<Ran> {
  const workspace = await Workspace.create({ projectRoot: project, ...workspaceOptions });
  t.after(() => workspace.close());
  const tool = bashTool(workspace, { confirmer: autoApprove, sandbox: { kind: 'bubblewrap', ...sandbox } });
  const observed = text(await call(tool, { command, timeout: 120 }));
  const code = /\[exit code (\d+)\]\s*$/.exec(observed)?.[1];
  return { text: observed, exitCode: code === undefined ? undefined : Number(code) };
}

const MARKER = 'kodama-sandbox-hook-ran';

test('sandbox: a command cannot plant .git/hooks/pre-commit, and the host git commit runs no hook', async (t) => {
  if (noBubblewrap(t)) return;
  const { base, project } = repo(t);
  const marker = join(base, MARKER);
  const ran = await sandboxed(
    t,
    project,
    `printf '#!/bin/sh\\ntouch ${marker}\\n' > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit`,
  );
  assert.notEqual(ran.exitCode, 0, ran.text);
  assert.equal(existsSync(join(project, '.git/hooks/pre-commit')), false);
  writeFileSync(join(project, 'README.md'), '# demo 2\n');
  git(project, 'commit', '-q', '-am', 'second');
  assert.equal(existsSync(marker), false, 'a hook ran on the host');
});

test('sandbox: a command cannot point core.hooksPath at a folder it wrote', async (t) => {
  if (noBubblewrap(t)) return;
  const { base, project } = repo(t);
  const before = readFileSync(join(project, '.git/config'), 'utf8');
  const marker = join(base, MARKER);
  await sandboxed(
    t,
    project,
    `mkdir -p hooks && printf '#!/bin/sh\\ntouch ${marker}\\n' > hooks/pre-commit && chmod +x hooks/pre-commit; git config core.hooksPath hooks`,
  );
  assert.equal(readFileSync(join(project, '.git/config'), 'utf8'), before);
  writeFileSync(join(project, 'README.md'), '# demo 2\n');
  git(project, 'commit', '-q', '-am', 'second');
  assert.equal(existsSync(marker), false, 'a hook ran on the host');
});

test('sandbox: a command cannot set core.fsmonitor for the host git status to run', async (t) => {
  if (noBubblewrap(t)) return;
  const { base, project } = repo(t);
  const marker = join(base, MARKER);
  await sandboxed(t, project, `printf '[core]\\n\\tfsmonitor = touch ${marker}\\n' >> .git/config`);
  git(project, 'status', '--short');
  assert.equal(existsSync(marker), false, 'the fsmonitor command ran on the host');
});

test('sandbox: a command cannot replace .git (rm -rf, mv) with its own repository', async (t) => {
  if (noBubblewrap(t)) return;
  const { project } = repo(t);
  const head = git(project, 'rev-parse', 'HEAD');
  await sandboxed(t, project, 'rm -rf .git; mv .git .git-old; git init -q . ; true');
  assert.equal(git(project, 'rev-parse', 'HEAD'), head);
  assert.equal(existsSync(join(project, '.git-old')), false);
});

test('sandbox: a command cannot rewrite the project .kodama/config.json', async (t) => {
  if (noBubblewrap(t)) return;
  const { project } = repo(t);
  const path = join(project, '.kodama/config.json');
  const before = readFileSync(path, 'utf8');
  await sandboxed(
    t,
    project,
    `echo '{"permissions":{"allow":["bash(*)"]}}' > .kodama/config.json; touch .kodama/new.json`,
  );
  assert.equal(readFileSync(path, 'utf8'), before);
  assert.equal(existsSync(join(project, '.kodama/new.json')), false);
});

test('sandbox: a command cannot remount .git read-write (no capabilities, also as root)', async (t) => {
  if (noBubblewrap(t)) return;
  const { project } = repo(t);
  const ran = await sandboxed(
    t,
    project,
    `mount -o remount,bind,rw "$PWD/.git"; touch .git/hooks/post-checkout; grep CapEff /proc/self/status`,
  );
  assert.equal(existsSync(join(project, '.git/hooks/post-checkout')), false);
  assert.match(ran.text, /CapEff:\s+0+\n/);
});

test('sandbox: a nested repository inside the root keeps its hooks read-only too', async (t) => {
  if (noBubblewrap(t)) return;
  const { project } = repo(t);
  const nested = join(project, 'vendor/lib');
  mkdirSync(nested, { recursive: true });
  git(nested, 'init', '-q');
  await sandboxed(t, project, 'echo "#!/bin/sh" > vendor/lib/.git/hooks/pre-commit');
  assert.equal(existsSync(join(nested, '.git/hooks/pre-commit')), false);
});

test('sandbox: in a worktree (.git is a file) the pointer and the main hooks stay read-only; git status works', async (t) => {
  if (noBubblewrap(t)) return;
  const { project } = repo(t);
  git(project, 'worktree', 'add', '-q', 'wt', '-b', 'side');
  const wt = join(project, 'wt');
  const pointer = readFileSync(join(wt, '.git'), 'utf8');
  const ran = await sandboxed(
    t,
    project,
    'cd wt && git status --short && echo "gitdir: /tmp/evil" > .git; echo x > ../.git/worktrees/wt/hooks-x; echo x > ../.git/hooks/pre-commit',
  );
  assert.equal(readFileSync(join(wt, '.git'), 'utf8'), pointer);
  assert.equal(existsSync(join(project, '.git/hooks/pre-commit')), false);
  assert.equal(existsSync(join(project, '.git/worktrees/wt/hooks-x')), false);
  assert.doesNotMatch(ran.text, /not a git repository/);
});

test('sandbox: a worktree as the writable root keeps its git directory read-only', async (t) => {
  if (noBubblewrap(t)) return;
  const { project } = repo(t);
  git(project, 'worktree', 'add', '-q', 'wt', '-b', 'side');
  const wt = join(project, 'wt');
  const ran = await sandboxed(
    t,
    project,
    'cd wt && git status --short; echo "gitdir: /tmp/evil" > .git; echo ok > ok.txt',
    {},
    { writableRoots: [wt] },
  );
  assert.match(readFileSync(join(wt, '.git'), 'utf8'), /^gitdir: .*worktrees\/wt/);
  assert.equal(readFileSync(join(wt, 'ok.txt'), 'utf8'), 'ok\n', ran.text);
});

test('sandbox ordinary: git status, log and diff work inside the sandbox', async (t) => {
  if (noBubblewrap(t)) return;
  const { project } = repo(t);
  writeFileSync(join(project, 'README.md'), '# changed\n');
  const ran = await sandboxed(t, project, 'git status --short && git log --oneline && git diff --stat');
  assert.equal(ran.exitCode, 0, ran.text);
  assert.match(ran.text, /M README\.md/);
  assert.match(ran.text, /first/);
  assert.match(ran.text, /README\.md \| 2/);
});

test('sandbox ordinary: git commit inside the sandbox fails clearly and commits nothing', async (t) => {
  if (noBubblewrap(t)) return;
  const { project } = repo(t);
  const head = git(project, 'rev-parse', 'HEAD');
  const ran = await sandboxed(
    t,
    project,
    'echo more >> README.md && git -c user.name=t -c user.email=t@e commit -qam x',
  );
  assert.notEqual(ran.exitCode, 0, ran.text);
  assert.match(ran.text, /Read-only file system/);
  assert.equal(git(project, 'rev-parse', 'HEAD'), head);
  assert.equal(readFileSync(join(project, 'README.md'), 'utf8'), '# demo\nmore\n');
});

test('sandbox ordinary: a root without .git works, and nothing is created on the host', async (t) => {
  if (noBubblewrap(t)) return;
  const project = tempDir(t);
  const ran = await sandboxed(t, project, 'echo hi > a.txt && cat a.txt');
  assert.equal(ran.exitCode, 0, ran.text);
  assert.equal(readFileSync(join(project, 'a.txt'), 'utf8'), 'hi\n');
  assert.equal(existsSync(join(project, '.git')), false);
  assert.equal(existsSync(join(project, '.kodama')), false);
});

test('resource limits: a fork bomb stops at the process limit (64) and the command ends', async (t) => {
  if (noBubblewrap(t)) return;
  const project = tempDir(t);
  // Bounded even without a limit: a binary tree of depth 9 is at most 1023 processes.
  // dash reports a failed fork at once (bash would retry for half a minute).
  const bomb = `sh -c 'f(){ if [ "$1" -gt 0 ]; then f $(($1-1)) & f $(($1-1)) & wait; else echo x >> leaves; sleep 2; fi; }; f 9' 2>&1 | grep -c 'Cannot fork'`;
  const ran = await sandboxed(t, project, bomb, { limits: { processes: 64 } });
  // The limit counts every process of the user: on a busy machine no leaf may be reached at all (no file).
  const file = join(project, 'leaves');
  const leaves = existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0;
  assert.ok(leaves < 64, `${leaves} leaves ran`);
  assert.ok(Number(/^(\d+)/.exec(ran.text)?.[1]) > 0, `no fork failed: ${ran.text}`);
});

test('resource limits: yes > big stops at the file-size limit', async (t) => {
  if (noBubblewrap(t)) return;
  const project = tempDir(t);
  const limit = 1024 * 1024;
  const ran = await sandboxed(t, project, 'yes > big', { limits: { fileSizeBytes: limit } });
  assert.notEqual(ran.exitCode, 0, ran.text);
  assert.ok(statSync(join(project, 'big')).size <= limit);
});

test('resource limits: a memory hog is stopped by the address-space limit', async (t) => {
  if (noBubblewrap(t)) return;
  const project = tempDir(t);
  // tail -n 1 keeps the whole newline-free stream in memory.
  const ran = await sandboxed(t, project, 'head -c 4G /dev/zero | tail -n 1 | wc -c', {
    limits: { addressSpaceBytes: 256 * 1024 * 1024 },
  });
  assert.match(ran.text, /memory exhausted/);
  assert.match(ran.text, /^0\n/m);
});

test('resource limits: a busy loop is stopped by the CPU limit, before the bash timeout', async (t) => {
  if (noBubblewrap(t)) return;
  const project = tempDir(t);
  const ran = await sandboxed(t, project, 'while :; do :; done', { limits: { cpuSeconds: 1 } });
  assert.ok((ran.exitCode ?? 0) >= 128, ran.text); // killed by a signal (SIGXCPU, then SIGKILL)
  assert.doesNotMatch(ran.text, /timed out/);
});

test('resource limits: a malformed limit is an InvalidOptionError and nothing runs', async (t) => {
  const project = tempDir(t);
  const workspace = await Workspace.create({ projectRoot: project });
  t.after(() => workspace.close());
  for (const bad of [0, -1, 1.5, Number.POSITIVE_INFINITY, '64' as never]) {
    await assert.rejects(
      assertSandboxAvailable(workspace, { kind: 'bubblewrap', limits: { processes: bad } }),
      (e) => InvalidOptionError.isInstance(e) && /limits\.processes/.test(e.message),
    );
  }
  const tool = bashTool(workspace, {
    confirmer: autoApprove,
    sandbox: { kind: 'bubblewrap', limits: { cpuSeconds: 0 } },
  });
  const outcome = await call(tool, { command: 'touch ran' });
  assert.notEqual(outcome.kind, 'ok'); // a host misconfiguration: the call fails, nothing runs
  assert.match(outcome.result as string, /limits\.cpuSeconds/);
  assert.equal(existsSync(join(project, 'ran')), false);
});

test('resource limits ordinary: the documented defaults are in force and a build tool runs under them', async (t) => {
  if (noBubblewrap(t)) return;
  const project = tempDir(t);
  writeFileSync(join(project, 'build.mjs'), 'console.log("built", 6 * 7)\n');
  chmodSync(join(project, 'build.mjs'), 0o644);
  const ran = await sandboxed(t, project, 'ulimit -u -t -f -v; node build.mjs');
  assert.equal(ran.exitCode, 0, ran.text);
  const d = DEFAULT_RESOURCE_LIMITS as Record<string, number>;
  // bash shows file size and address space in KiB.
  const expected = [d.processes, d.cpuSeconds, d.fileSizeBytes! / 1024, d.addressSpaceBytes! / 1024];
  const shown = [...ran.text.matchAll(/\)\s+(\d+)/g)].map((m) => Number(m[1]));
  assert.deepEqual(shown, expected, ran.text);
  assert.match(ran.text, /built 42/);
});

test('resource limits ordinary: unlimited leaves a resource unbounded', async (t) => {
  if (noBubblewrap(t)) return;
  const project = tempDir(t);
  const ran = await sandboxed(t, project, 'ulimit -v', { limits: { addressSpaceBytes: 'unlimited' } });
  assert.match(ran.text, /^unlimited$/m);
});
