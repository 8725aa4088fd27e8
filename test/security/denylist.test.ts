// Security suite, family "denylist": credential files the tools never show
// (read refuses them, grep and glob leave them out, the sandbox covers them),
// judged by name (.pgpass, .netrc) or by content (.npmrc tokens under quoted
// keys, .yarnrc.yml npm tokens, credentials in a .git/config URL), and the
// ordinary files of the same names that stay readable.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { autoApprove, Workspace, workspaceTools } from '@kodama/workspace';
import { call, text } from '../../packages/workspace/test/fixture.ts';
import { bubblewrapProbe, skipWithoutBubblewrap } from '../../packages/workspace/test/security-harness.ts';

const SECRET = 'TOKEN-5e1d-secret';

const bubblewrapProblem = bubblewrapProbe();
/** True (and the test skipped) when bwrap cannot start here; fails instead under CI. */
const noBubblewrap = (t: TestContext): boolean => skipWithoutBubblewrap(t, bubblewrapProblem());

/** A project with `files` written, and its six tools (bash sandboxed when asked). */
async function project(t: TestContext, files: Record<string, string>, sandbox = false) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'kodama-sec-deny-')));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'README.md'), '# demo\n');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const workspace = await Workspace.create({ projectRoot: root });
  t.after(() => workspace.close());
  const tools = workspaceTools(workspace, {
    confirmer: autoApprove,
    ...(sandbox ? { sandbox: { kind: 'bubblewrap' as const } } : {}),
  });
  return { root, tools };
}

/** Asserts that reading `path` is refused and shows no secret. */
async function readRefused(t: TestContext, path: string, content: string): Promise<void> {
  const { tools } = await project(t, { [path]: content });
  const outcome = await call(tools.read, { path });
  assert.equal(outcome.kind, 'error', text(outcome));
  assert.ok(!text(outcome).includes(SECRET));
}

/** Asserts that `path` reads back whole. */
async function readable(t: TestContext, path: string, content: string): Promise<void> {
  const { tools } = await project(t, { [path]: content });
  const outcome = await call(tools.read, { path });
  assert.equal(outcome.kind, 'ok', text(outcome));
  for (const line of content.trim().split('\n')) assert.ok(text(outcome).includes(line), text(outcome));
}

const refusedCases: readonly [string, string, string][] = [
  ['.npmrc token under a double-quoted key', '.npmrc', `"//registry.npmjs.org/:_authToken"=${SECRET}\n`],
  ['.npmrc token under a single-quoted key', '.npmrc', `'//npm.example.com/:_authToken' = ${SECRET}\n`],
  ['.npmrc _password under a quoted key', 'pkg/.npmrc', `"//npm.example.com/:_password"="${SECRET}"\n`],
  ['.yarnrc.yml npmAuthToken at the top level', '.yarnrc.yml', `npmAuthToken: ${SECRET}\n`],
  [
    '.yarnrc.yml npmAuthToken under npmRegistries',
    '.yarnrc.yml',
    `npmRegistries:\n  "https://npm.example.com":\n    npmAuthToken: "${SECRET}"\n`,
  ],
  ['.yarnrc.yml npmAuthIdent', 'tools/.yarnrc.yml', `npmAuthIdent: "user:${SECRET}"\n`],
  ['.pgpass', '.pgpass', `db.example.com:5432:app:admin:${SECRET}\n`],
  ['.pgpass in upper case', 'ops/.PGPASS', `*:*:*:admin:${SECRET}\n`],
  ['.netrc', '.netrc', `machine example.com login me password ${SECRET}\n`],
  ['_netrc', 'win/_netrc', `machine example.com login me password ${SECRET}\n`],
  [
    '.git/config with a token in a remote URL',
    '.git/config',
    `[remote "origin"]\n\turl = https://user:${SECRET}@github.com/o/r.git\n`,
  ],
  [
    '.git/config with a token in a pushurl',
    '.git/config',
    `[remote "origin"]\n\turl = https://github.com/o/r.git\n\tpushurl = https://x-access-token:${SECRET}@github.com/o/r.git\n`,
  ],
  [
    '.git/config with an Authorization extra header',
    '.git/config',
    `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${SECRET}\n`,
  ],
  [
    "a submodule's .git/modules/<name>/config with a token",
    '.git/modules/lib/config',
    `[remote "origin"]\n\turl = https://oauth2:${SECRET}@gitlab.example.com/o/lib.git\n`,
  ],
];

for (const [name, path, content] of refusedCases) {
  test(`denylist: reading ${name} is refused`, (t) => readRefused(t, path, content));
}

test('denylist: grep for the token over the project finds nothing in credential files', async (t) => {
  const { tools } = await project(t, {
    '.npmrc': `"//registry.npmjs.org/:_authToken"=${SECRET}\n`,
    '.yarnrc.yml': `npmAuthToken: ${SECRET}\n`,
    '.pgpass': `*:*:*:u:${SECRET}\n`,
    'notes.txt': 'no secret here\n',
  });
  const outcome = await call(tools.grep, { pattern: 'TOKEN-5e1d' });
  assert.ok(!text(outcome).includes(SECRET), text(outcome));
});

test('denylist: glob does not list .pgpass or a token-bearing .yarnrc.yml', async (t) => {
  const { tools } = await project(t, {
    '.pgpass': `*:*:*:u:${SECRET}\n`,
    '.yarnrc.yml': `npmAuthToken: ${SECRET}\n`,
    'src/a.ts': 'export {};\n',
  });
  const out = text(await call(tools.glob, { pattern: '**/*' }));
  assert.match(out, /src\/a\.ts/);
  assert.doesNotMatch(out, /\.pgpass|\.yarnrc\.yml/);
});

test('denylist: inside the sandbox cat .git/config shows no token, and git status still works', async (t) => {
  if (noBubblewrap(t)) return;
  const { root, tools } = await project(t, {}, true);
  execFileSync('git', ['init', '-q', root]);
  execFileSync('git', ['-C', root, 'remote', 'add', 'origin', `https://user:${SECRET}@github.com/o/r.git`]);
  const outcome = await call(tools.bash, { command: 'cat .git/config; git status --short; echo status=$?' });
  assert.ok(!text(outcome).includes(SECRET), text(outcome));
  assert.match(text(outcome), /status=0/);
});

test('denylist: inside the sandbox .yarnrc.yml and .pgpass read as empty', async (t) => {
  if (noBubblewrap(t)) return;
  const { tools } = await project(
    t,
    { '.yarnrc.yml': `npmAuthToken: ${SECRET}\n`, '.pgpass': `*:*:*:u:${SECRET}\n` },
    true,
  );
  const outcome = await call(tools.bash, { command: 'cat .yarnrc.yml .pgpass; wc -c < .pgpass' });
  assert.ok(!text(outcome).includes(SECRET), text(outcome));
  assert.match(text(outcome), /^0$/m);
});

test('denylist: a FIFO named .npmrc does not hang the content check', async (t) => {
  const { root, tools } = await project(t, {});
  execFileSync('mkfifo', [join(root, '.npmrc')]);
  const outcome = await call(tools.read, { path: '.npmrc' });
  assert.equal(outcome.kind, 'error', text(outcome));
});

test('denylist ordinary: an .npmrc with only registry settings stays readable', (t) =>
  readable(t, '.npmrc', 'registry=https://registry.npmjs.org/\nsave-exact=true\n'));

test('denylist ordinary: an .npmrc that quotes a scope registry stays readable', (t) =>
  readable(t, '.npmrc', '"@acme:registry"=https://npm.acme.example/\n'));

test('denylist ordinary: a .yarnrc.yml without tokens stays readable', (t) =>
  readable(
    t,
    '.yarnrc.yml',
    'nodeLinker: node-modules\nnpmRegistryServer: "https://registry.yarnpkg.com"\n',
  ));

test('denylist ordinary: a .git/config without credentials stays readable', (t) =>
  readable(
    t,
    '.git/config',
    '[core]\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/o/r.git\n\turl = git@github.com:o/r.git\n',
  ));
