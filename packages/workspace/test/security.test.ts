// The security suite for the file tools: every attempt here tries to read a
// secret or write outside the project (or into .git), and every one must be
// refused. One table, one row per attempt; bash attempts are in
// security-bash.test.ts.
import assert from 'node:assert/strict';
import { linkSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { openForRead } from '../src/fs/open-for-read.ts';
import { PathRefusedError } from '../src/index.ts';
import { call } from './fixture.ts';
import { type Attempt, noFile, read, runAttempts } from './security-harness.ts';

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
  { name: 'read a backup of a private key (id_rsa.bak)', run: read('keys/id_rsa.bak'), expect: 'refused' },
  { name: 'read a file in a .env.d directory', run: read('.env.d/prod'), expect: 'refused' },
  {
    name: 'grep inside a .env.d directory',
    run: (t) => call(t.grep, { pattern: '.', path: '.env.d' }),
    expect: 'refused',
  },
  {
    name: 'read a hard link to .env under an innocent name',
    async run(t, f) {
      linkSync(join(f.project, '.env'), join(f.project, 'notes.txt'));
      return call(t.read, { path: 'notes.txt' });
    },
    expect: 'refused',
  },
  {
    name: 'grep a hard link to a file in .aws/',
    async run(t, f) {
      linkSync(join(f.project, '.aws/credentials'), join(f.project, 'src/creds.txt'));
      return call(t.grep, { pattern: 'aws_secret' });
    },
    expect: 'filtered',
    absent: ['creds.txt'],
  },
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
  // Code planted in .git runs at the next approved git command, outside the confirmer
  {
    name: 'edit .git/config to add an fsmonitor command',
    run: (t) =>
      call(t.edit, {
        path: '.git/config',
        old_string: '[core]\n',
        new_string: '[core]\nfsmonitor = touch pwned\n',
      }),
    expect: 'refused',
    after: (f) => assert.doesNotMatch(readFileSync(join(f.project, '.git/config'), 'utf8'), /fsmonitor/),
  },
  {
    name: 'write a git hook',
    run: (t) => call(t.write, { path: '.git/hooks/pre-commit', content: '#!/bin/sh\ntouch pwned\n' }),
    expect: 'refused',
    after: noFile('project/.git/hooks/pre-commit'),
  },
  {
    name: 'write .git/config through a symlinked directory',
    async run(t, f) {
      symlinkSync(join(f.project, '.git'), join(f.project, 'gitdir'));
      return call(t.write, { path: 'gitdir/config', content: '[core]\nfsmonitor = touch pwned\n' });
    },
    expect: 'refused',
    after: (f) => assert.doesNotMatch(readFileSync(join(f.project, '.git/config'), 'utf8'), /fsmonitor/),
  },
  {
    name: "write a hook in a nested repository's .GIT in upper case",
    run: (t) => call(t.write, { path: 'vendor/lib/.GIT/hooks/post-checkout', content: 'x' }),
    expect: 'refused',
    after: noFile('project/vendor/lib/.GIT/hooks/post-checkout'),
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
      'id_rsa.bak',
      '.env.d',
    ],
  },
  {
    name: 'glob a symlinked directory',
    run: (t) => call(t.glob, { pattern: '*', path: 'dirlink' }),
    expect: 'refused',
  },
];

test('the suite has at least 30 attempts', () => {
  assert.ok(ATTEMPTS.length >= 30, String(ATTEMPTS.length));
});

runAttempts(ATTEMPTS);
