import assert from 'node:assert/strict';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Denylist, PathRefusedError, runProcess, Workspace, WorkspaceError } from '../src/index.ts';
import { foldName } from '../src/workspace/denylist.ts';
import { realPathOf } from '../src/workspace/real-path.ts';
import { eventually, pidAlive, tempDir } from './helpers.ts';

test('relative paths resolve against the project root; missing files are allowed', async (t) => {
  const dir = tempDir(t);
  const ws = await Workspace.create({ projectRoot: dir, scratchParent: dir });
  t.after(() => ws.close());
  assert.equal(await ws.resolve('a/b/new.txt', 'write'), join(dir, 'a/b/new.txt'));
  assert.equal(await ws.resolve('.', 'read'), dir);
  assert.equal(ws.displayPath(join(dir, 'x/y')), 'x/y');
});

test('writable roots narrow writes; readable roots are read-only', async (t) => {
  const dir = tempDir(t);
  const project = join(dir, 'p');
  const lib = join(dir, 'lib');
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(lib);
  const ws = await Workspace.create({
    projectRoot: project,
    writableRoots: ['src'],
    readableRoots: [lib],
    scratchParent: dir,
  });
  t.after(() => ws.close());
  assert.equal(await ws.resolve('src/a.ts', 'write'), join(project, 'src/a.ts'));
  await assert.rejects(ws.resolve('README.md', 'write'), (e) => PathRefusedError.isInstance(e));
  assert.equal(await ws.resolve('README.md', 'read'), join(project, 'README.md'));
  assert.equal(await ws.resolve(join(lib, 'x.ts'), 'read'), join(lib, 'x.ts'));
  await assert.rejects(ws.resolve(join(lib, 'x.ts'), 'write'), /outside the workspace/);
});

test('bad roots are WorkspaceErrors at construction', async (t) => {
  const dir = tempDir(t);
  mkdirSync(join(dir, '.ssh'));
  mkdirSync(join(dir, 'other'));
  await assert.rejects(Workspace.create({ projectRoot: join(dir, 'missing') }), (e) =>
    WorkspaceError.isInstance(e),
  );
  await assert.rejects(Workspace.create({ projectRoot: join(dir, '.ssh') }), /denylist/);
  await assert.rejects(
    Workspace.create({ projectRoot: join(dir, 'other'), writableRoots: [dir] }),
    /outside the project root/,
  );
});

test('realPathOf follows dangling symlinks and resolves missing tails', async (t) => {
  const dir = tempDir(t);
  mkdirSync(join(dir, 'real'));
  symlinkSync(join(dir, 'real'), join(dir, 'link'));
  symlinkSync(join(dir, 'nowhere/file'), join(dir, 'dangling'));
  symlinkSync(join(dir, 'loop1'), join(dir, 'loop2'));
  symlinkSync(join(dir, 'loop2'), join(dir, 'loop1'));
  assert.equal(await realPathOf(join(dir, 'link/new/deeper.txt')), join(dir, 'real/new/deeper.txt'));
  assert.equal(await realPathOf(join(dir, 'dangling')), join(dir, 'nowhere/file'));
  await assert.rejects(realPathOf(join(dir, 'loop1/x')), /symbolic links/);
});

test('the denylist matches names, folded, and cannot be overridden by roots', async (t) => {
  const d = new Denylist(['*.secret', 'vault/']);
  for (const p of [
    '/p/.env',
    '/p/.ENV.production',
    '/p/a/b.pem',
    '/p/x.KEY',
    '/p/.ssh/config',
    '/p/.aws/x',
    '/p/.gnupg/y',
    '/p/.netrc',
    '/p/.git-credentials',
    '/p/keys/id_ed25519',
    '/p/a.secret',
    '/p/vault/a.txt',
    '/p/\uFF0Eenv',
    '/p/.e\u200Dnv',
    '/p/.e\u{E0020}nv',
    '/p/.e\u3164nv',
    '/p/keys/id_rsa.bak',
    '/p/keys/id_ed25519.old',
    '/p/keys/ID_RSA.orig',
    '/p/keys/id_rsa.pub.bak',
    '/p/keys/id_ecdsa.txt',
    '/p/.env.d/prod',
    '/p/config/.ENV.local/db.txt',
    '/p/a/.env/b/c',
  ]) {
    assert.ok(d.matchName(p), p);
  }
  for (const p of [
    '/p/env.ts',
    '/p/id_rsa.pub',
    '/p/src/id_map.ts',
    '/p/src/id_utils.py',
    '/p/docs/id_scheme.md',
    '/p/data/id_map.json',
    '/p/keys/ID_RSA.PUB',
    '/p/environment/x.ts',
    '/p/keyboard.ts',
    '/p/sshd.md',
    '/p/.npmrc',
  ]) {
    assert.equal(d.matchName(p), undefined, p);
  }
  assert.equal(foldName('.E\u200Bnv'), '.env');
  const dir = tempDir(t);
  writeFileSync(join(dir, '.npmrc'), '//r/:_authToken=abc\n');
  mkdirSync(join(dir, 'clean'));
  writeFileSync(join(dir, 'clean/.npmrc'), 'save-exact=true\n');
  assert.equal(d.deniedReason(join(dir, '.npmrc')), '.npmrc with tokens');
  assert.equal(d.deniedReason(join(dir, 'clean/.npmrc')), undefined);
  const ws = await Workspace.create({
    projectRoot: dir,
    readableRoots: [dir],
    denylist: ['*.secret'],
    scratchParent: dir,
  });
  t.after(() => ws.close());
  await assert.rejects(ws.resolve('x.secret', 'read'), /credential file/);
  await assert.rejects(ws.resolve('.npmrc', 'read'), /credential file/);
});

test('the scratch directory exists until close; close kills leftover processes', async (t) => {
  const dir = tempDir(t);
  const ws = await Workspace.create({ projectRoot: dir, scratchParent: dir });
  assert.ok(existsSync(ws.scratchDir));
  const r = await runProcess(['bash', '-c', 'sleep 1000 & echo $!'], { registry: ws.processes, drainMs: 50 });
  const pid = Number(r.output.trim());
  assert.ok(pidAlive(pid));
  await ws.close();
  assert.equal(existsSync(ws.scratchDir), false);
  assert.ok(await eventually(() => !pidAlive(pid)));
  assert.equal(ws.closed, true);
  await ws.close(); // idempotent
});
