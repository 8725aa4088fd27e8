// The security suite: every attempt here tries to read a secret or write
// outside the project, and every one must be refused. One table, one row per
// attempt. Rows marked `sandbox` run bash under bubblewrap and are skipped
// (with the reason) only when bwrap cannot start on this machine.
import assert from 'node:assert/strict';
import { existsSync, renameSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { before, test } from 'node:test';
import type { ToolOutcome } from '@kodama/core';
import { openForRead } from '../src/fs/open-for-read.ts';
import { assertSandboxAvailable, PathRefusedError, Workspace } from '../src/index.ts';
import { call, type Fixture, makeFixture, SECRET, text, toolsFor } from './fixture.ts';

type Tools = ReturnType<typeof toolsFor>;
interface Attempt {
  readonly name: string;
  /** Runs the attempt; returns the observation. */
  readonly run: (tools: Tools, f: Fixture) => Promise<ToolOutcome>;
  /** `refused`: an `Error:` observation; `filtered`: an answer that leaves the secrets out. */
  readonly expect: 'refused' | 'filtered';
  /** Strings that must not appear in the observation (besides the secret marker). */
  readonly absent?: readonly string[];
  /** Checked afterwards: e.g. that no file appeared outside. */
  readonly after?: (f: Fixture) => void;
  /** Runs bash under bubblewrap (network off). */
  readonly sandbox?: boolean;
}

const read = (path: string) => (tools: Tools) => call(tools.read, { path });
const noFile = (rel: string) => (f: Fixture) =>
  assert.equal(existsSync(join(f.base, rel)), false, `${rel} was created`);

const ATTEMPTS: readonly Attempt[] = [
  // Traversal and absolute paths
  { name: 'read ../ out of the project', run: read('../outside/secret.txt'), expect: 'refused' },
  {
    name: 'read through a subdirectory and back out',
    run: read('src/../../outside/secret.txt'),
    expect: 'refused',
  },
  {
    name: 'read with a deep ../ chain to /etc/passwd',
    run: read('../../../../../../../../etc/passwd'),
    expect: 'refused',
  },
  {
    name: 'read an absolute path outside',
    run: (t, f) => call(t.read, { path: join(f.outside, 'secret.txt') }),
    expect: 'refused',
  },
  { name: 'read /etc/passwd', run: read('/etc/passwd'), expect: 'refused' },
  {
    name: 'read the (fake) home ~/.ssh key by absolute path',
    run: (t, f) => call(t.read, { path: join(f.home, '.ssh/id_ed25519') }),
    expect: 'refused',
  },
  {
    name: 'read a path with a NUL byte',
    run: read('src/app.ts\0../../outside/secret.txt'),
    expect: 'refused',
  },
  // Symlinks
  { name: 'read a file symlink that points outside', run: read('link-out.txt'), expect: 'refused' },
  { name: 'read a relative symlink that points outside', run: read('relative-out.txt'), expect: 'refused' },
  { name: 'read through a symlinked directory', run: read('dirlink/secret.txt'), expect: 'refused' },
  { name: 'read deep through a symlinked directory', run: read('dirlink/dir/deep.txt'), expect: 'refused' },
  { name: 'read through a symlink to ~/.ssh', run: read('sshlink/id_ed25519'), expect: 'refused' },
  {
    name: 'write through a dangling symlink that points outside',
    run: (t) => call(t.write, { path: 'dangling.txt', content: 'x' }),
    expect: 'refused',
    after: noFile('outside/new.txt'),
  },
  {
    name: 'write into a symlinked directory',
    run: (t) => call(t.write, { path: 'dirlink/planted.txt', content: 'x' }),
    expect: 'refused',
    after: noFile('outside/planted.txt'),
  },
  {
    name: 'edit through a symlink that points outside',
    run: (t) => call(t.edit, { path: 'link-out.txt', old_string: 'outside', new_string: 'pwned' }),
    expect: 'refused',
  },
  {
    name: 'write ../ out of the project',
    run: (t) => call(t.write, { path: '../outside/new.txt', content: 'x' }),
    expect: 'refused',
    after: noFile('outside/new.txt'),
  },
  {
    name: 'write an absolute path outside',
    run: (t, f) => call(t.write, { path: join(f.outside, 'abs.txt'), content: 'x' }),
    expect: 'refused',
    after: noFile('outside/abs.txt'),
  },
  {
    name: 'write via not-yet-existing directories that climb out',
    run: (t) => call(t.write, { path: 'newdir/../../outside/climb.txt', content: 'x' }),
    expect: 'refused',
    after: noFile('outside/climb.txt'),
  },
  {
    name: 'symlink race: the file becomes a symlink between check and open',
    expect: 'refused',
    async run(_tools, f) {
      const real = await f.workspace.resolve('README.md', 'read');
      renameSync(real, `${real}.bak`);
      symlinkSync(join(f.outside, 'secret.txt'), real);
      try {
        await (await openForRead(f.workspace, real)).close();
        return { kind: 'ok', result: 'opened' };
      } catch (error) {
        assert.ok(PathRefusedError.isInstance(error), String(error));
        return { kind: 'error', result: `Error: ${(error as Error).message}` };
      }
    },
  },
  // Credential denylist, in various cases and encodings
  { name: 'read .env', run: read('.env'), expect: 'refused' },
  { name: 'read .env in upper case', run: read('.ENV'), expect: 'refused' },
  { name: 'read .env.local', run: read('.env.local'), expect: 'refused' },
  { name: 'read ./.env', run: read('./.env'), expect: 'refused' },
  { name: 'read src/../.env', run: read('src/../.env'), expect: 'refused' },
  {
    name: 'read .env by absolute path',
    run: (t, f) => call(t.read, { path: join(f.project, '.env') }),
    expect: 'refused',
  },
  { name: 'read an innocent-looking symlink to .env', run: read('env-alias.txt'), expect: 'refused' },
  { name: 'read .env written with a fullwidth dot', run: read('\uFF0Eenv'), expect: 'refused' },
  { name: 'read .env with a zero-width space inside', run: read('.e\u200Bnv'), expect: 'refused' },
  { name: 'read a *.pem', run: read('config/server.pem'), expect: 'refused' },
  { name: 'read a *.key in mixed case', run: read('config/TLS.Key'), expect: 'refused' },
  { name: 'read an id_rsa private key', run: read('keys/id_rsa'), expect: 'refused' },
  { name: 'read an .npmrc holding a token', run: read('.npmrc'), expect: 'refused' },
  { name: 'read .git-credentials', run: read('.git-credentials'), expect: 'refused' },
  { name: 'read a file under .aws/', run: read('.aws/credentials'), expect: 'refused' },
  {
    name: 'overwrite .env',
    run: (t) => call(t.write, { path: '.env', content: 'API_KEY=mine\n' }),
    expect: 'refused',
  },
  {
    name: 'edit .env',
    run: (t) => call(t.edit, { path: '.env', old_string: 'API_KEY', new_string: 'X' }),
    expect: 'refused',
  },
  // grep and glob
  {
    name: 'grep the whole project for the secret',
    run: (t) => call(t.grep, { pattern: 'TOPSECRET-7f3.' }),
    expect: 'filtered',
  },
  {
    name: 'grep case-insensitively, listing files',
    run: (t) =>
      call(t.grep, { pattern: 'topsecret', case_insensitive: true, output_mode: 'files_with_matches' }),
    expect: 'filtered',
    absent: ['.env', 'id_rsa', '.pem', '.npmrc', '.git-credentials', '.aws'],
  },
  {
    name: 'grep with a glob that names .env',
    run: (t) => call(t.grep, { pattern: '.', glob: '.env*' }),
    expect: 'filtered',
  },
  {
    name: 'grep with a glob reaching out',
    run: (t) => call(t.grep, { pattern: '.', glob: '../outside/*' }),
    expect: 'filtered',
  },
  {
    name: 'grep over a denylisted file',
    run: (t) => call(t.grep, { pattern: 'API', path: '.env' }),
    expect: 'refused',
  },
  {
    name: 'grep a path outside',
    run: (t) => call(t.grep, { pattern: '.', path: '../outside' }),
    expect: 'refused',
  },
  {
    name: 'grep through a symlinked directory',
    run: (t) => call(t.grep, { pattern: '.', path: 'dirlink' }),
    expect: 'refused',
  },
  {
    name: 'glob a pattern reaching out with ../',
    run: (t) => call(t.glob, { pattern: '../outside/*' }),
    expect: 'refused',
  },
  { name: 'glob an absolute pattern', run: (t) => call(t.glob, { pattern: '/etc/*' }), expect: 'refused' },
  {
    name: 'glob everything: credentials are not listed',
    run: (t) => call(t.glob, { pattern: '**/*' }),
    expect: 'filtered',
    absent: [
      '.env',
      'id_rsa\n',
      'server.pem',
      'tls.key',
      '.git-credentials',
      '.aws',
      'secret.txt',
      'id_ed25519',
    ],
  },
  {
    name: 'glob a symlinked directory',
    run: (t) => call(t.glob, { pattern: '*', path: 'dirlink' }),
    expect: 'refused',
  },
  // bash under bubblewrap (network off)
  {
    name: 'sandboxed bash reads ~/.ssh',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'cat "$HOME/.ssh/id_ed25519"; ls -la "$HOME"' }),
    expect: 'filtered',
  },
  {
    name: 'sandboxed bash reads outside by absolute path',
    sandbox: true,
    run: (t, f) => call(t.bash, { command: `cat ${join(f.outside, 'secret.txt')}` }),
    expect: 'filtered',
  },
  {
    name: 'sandboxed bash writes outside the root',
    sandbox: true,
    run: (t, f) => call(t.bash, { command: `echo x > ${join(f.outside, 'pwned.txt')}` }),
    expect: 'filtered',
    after: noFile('outside/pwned.txt'),
  },
  {
    name: 'sandboxed bash writes to /usr',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'touch /usr/pwned && echo WROTE' }),
    expect: 'filtered',
    absent: ['WROTE'],
  },
  {
    name: 'sandboxed bash reads /etc/shadow',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'cat /etc/shadow && echo READ' }),
    expect: 'filtered',
    absent: ['READ', 'root:'],
  },
  {
    name: 'sandboxed bash escapes through a symlinked directory',
    sandbox: true,
    run: (t) => call(t.bash, { command: 'cat dirlink/secret.txt sshlink/id_ed25519' }),
    expect: 'filtered',
  },
];

let bwrapProblem: string | undefined;
before(async () => {
  const ws = await Workspace.create({ projectRoot: process.cwd() });
  try {
    await assertSandboxAvailable(ws, { kind: 'bubblewrap' });
  } catch (error) {
    bwrapProblem = (error as Error).message;
  } finally {
    await ws.close();
  }
});

test('the suite has at least 30 attempts', () => {
  assert.ok(ATTEMPTS.length >= 30, String(ATTEMPTS.length));
});

for (const attempt of ATTEMPTS) {
  test(`refused: ${attempt.name}`, async (t) => {
    if (attempt.sandbox && bwrapProblem) {
      t.skip(`bubblewrap cannot start here: ${bwrapProblem}`);
      return;
    }
    const f = await makeFixture(t);
    const tools = toolsFor(f, attempt.sandbox ? { sandbox: { kind: 'bubblewrap' } } : {});
    const outcome = await attempt.run(tools, f);
    const observed = text(outcome);
    if (attempt.expect === 'refused') {
      assert.equal(outcome.kind, 'error', observed);
      assert.match(observed, /^Error: /);
    }
    assert.ok(!observed.includes(SECRET), `the secret leaked: ${observed}`);
    for (const s of attempt.absent ?? [])
      assert.ok(!observed.includes(s), `${JSON.stringify(s)} appeared: ${observed}`);
    attempt.after?.(f);
  });
}

test('refused: sandboxed bash reaches the network (a loopback server sees no connection)', async (t) => {
  if (bwrapProblem) {
    t.skip(`bubblewrap cannot start here: ${bwrapProblem}`);
    return;
  }
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.end('hello\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as { port: number }).port;
  const f = await makeFixture(t);
  const tools = toolsFor(f, { sandbox: { kind: 'bubblewrap' } });
  const probe = `exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3 && echo CONNECTED`;
  const outcome = await call(tools.bash, { command: probe });
  assert.ok(!text(outcome).includes('CONNECTED'), text(outcome));
  assert.equal(connections, 0);
  // The same probe without the sandbox does connect, so the probe itself works.
  const open = await call(toolsFor(f).bash, { command: probe });
  assert.match(text(open), /CONNECTED/);
  assert.equal(connections, 1);
});
