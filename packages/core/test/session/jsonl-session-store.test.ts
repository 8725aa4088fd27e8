// What only the JSONL store does: its directory and file modes, the default
// directory, torn and uncommitted tails, tampered and foreign files, symbolic
// links, and two store instances writing one directory.
import assert from 'node:assert/strict';
import { appendFile, chmod, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { JsonlSessionStore, type SessionStoreError } from '@kodama/core/session';
import { answer, jsonlRoot, storeError, user } from './jsonl-fixtures.ts';

const { root, freshDir } = await jsonlRoot('kodama-jsonl-');

/** A store on a fresh directory that does not exist yet. */
function freshStore(): JsonlSessionStore {
  return new JsonlSessionStore({ dir: join(freshDir(), 'sessions') });
}

/** Expects `promise` to reject with a SessionStoreError about `source` (and `line`), matching `problem`. */
async function refused(promise: Promise<unknown>, source: string, line: number | undefined, problem: RegExp) {
  await assert.rejects(
    promise,
    storeError(source, problem, (error) => {
      assert.equal(error.line, line);
      assert.ok(error.message.startsWith(line === undefined ? `${source}: ` : `${source}:${line}: `));
    }),
  );
}

test('the directory is created 0700 and each session file is 0600', async () => {
  const store = freshStore();
  await store.append('s1', [user('m1', 'secret')]);
  await store.replace('s2', [user('m1', 'also secret')]);
  await store.fork('s1', 's3');
  assert.equal((await stat(store.dir)).mode & 0o777, 0o700);
  assert.equal((await stat(join(store.dir, '..'))).mode & 0o777, 0o700);
  for (const id of ['s1', 's2', 's3']) assert.equal((await stat(store.pathOf(id))).mode & 0o777, 0o600, id);
  assert.deepEqual((await readdir(store.dir)).sort(), ['s1.jsonl', 's2.jsonl', 's3.jsonl']);
});

test('the default directory is $XDG_DATA_HOME/kodama/sessions, else ~/.local/share/kodama/sessions', async () => {
  const data = join(root, 'xdg');
  assert.equal(new JsonlSessionStore({ env: { XDG_DATA_HOME: data } }).dir, join(data, 'kodama', 'sessions'));
  const home = join(root, 'home');
  const fallback = join(home, '.local', 'share', 'kodama', 'sessions');
  assert.equal(new JsonlSessionStore({ env: { HOME: home } }).dir, fallback);
  assert.equal(new JsonlSessionStore({ env: { HOME: home, XDG_DATA_HOME: 'relative' } }).dir, fallback);
  assert.equal(new JsonlSessionStore({ env: { HOME: home, XDG_DATA_HOME: '' } }).dir, fallback);
  const store = new JsonlSessionStore({ env: { XDG_DATA_HOME: data } });
  await store.append('s1', []);
  assert.ok((await stat(join(data, 'kodama', 'sessions', 's1.jsonl'))).isFile());
});

test('a directory open to others, a symbolic link or a file is refused, naming it', async () => {
  const open = join(root, 'open-dir');
  await mkdir(open, { mode: 0o755 });
  await chmod(open, 0o755);
  await refused(
    new JsonlSessionStore({ dir: open }).list(),
    open,
    undefined,
    /open to other users \(mode 755\)/,
  );
  const target = join(root, 'private-target');
  await mkdir(target, { mode: 0o700 });
  const link = join(root, 'link-dir');
  await symlink(target, link);
  await refused(new JsonlSessionStore({ dir: link }).load('s1'), link, undefined, /symbolic link/);
  const file = join(root, 'a-file');
  await writeFile(file, '');
  await refused(new JsonlSessionStore({ dir: file }).append('s1', []), file, undefined, /cannot create/);
});

test('a torn last line is dropped on load, then cut off by the next append', async () => {
  const store = freshStore();
  await store.append('s1', [user('m1', 'one'), answer('m2', 'two')]);
  const path = store.pathOf('s1');
  const whole = await readFile(path, 'utf8');
  await appendFile(path, '{"id":"m3","kind":"user","message":{"role":"user","con');
  const loaded = await store.load('s1');
  assert.deepEqual(
    loaded?.messages.map((m) => m.id),
    ['m1', 'm2'],
  );
  assert.equal((await store.list())[0]?.messageCount, 2);
  await store.append('s1', [user('m3', 'three')]);
  const repaired = await readFile(path, 'utf8');
  assert.ok(repaired.startsWith(whole));
  assert.equal(repaired.includes('"con{'), false);
  for (const line of repaired.trimEnd().split('\n')) JSON.parse(line); // every line whole
  assert.deepEqual(
    (await new JsonlSessionStore({ dir: store.dir }).load('s1'))?.messages.map((m) => m.id),
    ['m1', 'm2', 'm3'],
  );
});

test('complete lines of a write that never got its commit are dropped whole, then cut off', async () => {
  const store = freshStore();
  await store.append('s1', [user('m1', 'one')]);
  const path = store.pathOf('s1');
  const uncommitted = (await readFile(path, 'utf8')).split('\n')[1]!.replace('"m1"', '"m9"');
  await appendFile(path, `${uncommitted}\n{"run":{"runId":"r`);
  assert.deepEqual(
    (await store.load('s1'))?.messages.map((m) => m.id),
    ['m1'],
  );
  assert.deepEqual(await store.listRuns('s1'), []);
  await store.append('s1', [answer('m2', 'two')]);
  assert.deepEqual(
    (await store.load('s1'))?.messages.map((m) => m.id),
    ['m1', 'm2'],
  );
  assert.equal((await readFile(path, 'utf8')).includes('m9'), false);
});

/** Writes a two-append session and returns its path and lines (without the final newline). */
async function sessionLines(
  store: JsonlSessionStore,
  id: string,
): Promise<{ path: string; lines: string[] }> {
  await store.append(id, [user('m1', 'one'), answer('m2', 'two')], { model: 'p:m' });
  await store.append(id, [user('m3', 'three')]);
  const path = store.pathOf(id);
  return { path, lines: (await readFile(path, 'utf8')).trimEnd().split('\n') };
}

test('a tampered message line is refused with the file and the line', async () => {
  const store = freshStore();
  const { path, lines } = await sessionLines(store, 's1');
  // Line 1 is the header; 2 and 3 the first append's messages, 4 its commit.
  lines[2] = lines[2]!.replace('"kind":"assistant"', '"kind":"robot"');
  await writeFile(path, `${lines.join('\n')}\n`);
  await refused(store.load('s1'), path, 3, /messages\[1\]\.kind must be one of/);
});

test('a middle line that is not JSON is refused with the file and the line, even before a torn tail', async () => {
  const store = freshStore();
  const { path, lines } = await sessionLines(store, 's1');
  lines[1] = lines[1]!.slice(0, 20);
  await writeFile(path, `${lines.join('\n')}\n{"id":"torn`);
  await refused(store.load('s1'), path, 2, /not valid JSON/);
});

test('a removed or added message line breaks its commit count', async () => {
  const store = freshStore();
  const { path, lines } = await sessionLines(store, 's1');
  await writeFile(path, `${lines.filter((_, i) => i !== 2).join('\n')}\n`);
  await refused(store.load('s1'), path, 3, /commit counts 2 messages but its batch has 1/);
  const extra = lines[1]!.replace('"m1"', '"m0"');
  await writeFile(path, `${[lines[0], extra, ...lines.slice(1)].join('\n')}\n`);
  await refused(store.load('s1'), path, 5, /commit counts 2 messages but its batch has 3/);
});

test('a foreign file, another session copied in, and a newer format are refused, naming the file', async () => {
  const store = freshStore();
  const { path, lines } = await sessionLines(store, 's1');
  const foreign = store.pathOf('notes');
  await writeFile(foreign, '{"hello":"world"}\n');
  await refused(store.load('notes'), foreign, 1, /not a kodama session file/);
  // One bad file fails only its own session: the listing passes over it, telling who asked, and keeps it.
  const told: SessionStoreError[] = [];
  const listing = new JsonlSessionStore({ dir: store.dir, onUnreadable: (e) => told.push(e) });
  assert.deepEqual(
    (await listing.list()).map((s) => s.id),
    ['s1'],
  );
  assert.deepEqual(
    told.map((e) => [e.source, e.line]),
    [[foreign, 1]],
  );
  assert.match(await readFile(foreign, 'utf8'), /hello/);
  await rm(foreign);
  await writeFile(foreign, 'just some text');
  await refused(store.load('notes'), foreign, 1, /not a kodama session file/);
  await rm(foreign);
  const copy = store.pathOf('s2');
  await writeFile(copy, await readFile(path));
  await refused(store.load('s2'), copy, 1, /holds session "s1", not "s2"/);
  await refused(store.append('s2', [user('m9', 'x')]), copy, 1, /holds session "s1"/);
  await writeFile(
    path,
    `${[lines[0]!.replace('"version":1', '"version":2'), ...lines.slice(1)].join('\n')}\n`,
  );
  await refused(store.load('s1'), path, 1, /version 2 is newer than this kodama understands \(1\)/);
});

test('a session file that is a symbolic link is refused, not followed', async () => {
  const store = freshStore();
  await store.append('real', [user('m1', 'x')]);
  await symlink(store.pathOf('real'), store.pathOf('fake'));
  await refused(store.load('fake'), store.pathOf('fake'), undefined, /symbolic link/);
  await refused(store.append('fake', []), store.pathOf('fake'), undefined, /symbolic link/);
});

test('list passes over files that are not named like sessions, and temp files', async () => {
  const store = freshStore();
  await store.append('s1', [user('m1', 'x')]);
  await writeFile(join(store.dir, 'README.txt'), 'hello');
  await writeFile(join(store.dir, '.s1.jsonl.0a1b2c.tmp'), 'half a session');
  await writeFile(join(store.dir, 'bad name.jsonl'), 'x');
  assert.deepEqual(
    (await store.list()).map((s) => s.id),
    ['s1'],
  );
});

test('two store instances on one directory: concurrent creates and appends stay whole and loadable', async () => {
  const first = freshStore();
  const second = new JsonlSessionStore({ dir: first.dir });
  const writers = [first, second].flatMap((store, s) =>
    Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; i < 15; i++) {
        const tag = `${s}-${w}-${i}`;
        await store.append('shared', [user(`u${tag}`, tag.repeat(500)), answer(`a${tag}`, 'ok')]);
      }
    }),
  );
  await Promise.all(writers);
  const ids = (await first.load('shared'))?.messages.map((m) => m.id) ?? [];
  assert.equal(ids.length, 2 * 4 * 15 * 2);
  assert.equal(new Set(ids).size, ids.length);
  for (let i = 0; i < ids.length; i += 2) assert.equal(ids[i + 1], `a${ids[i]!.slice(1)}`); // batches whole
  assert.equal(((await readFile(first.pathOf('shared'), 'utf8')).match(/"format"/g) ?? []).length, 1);
});
