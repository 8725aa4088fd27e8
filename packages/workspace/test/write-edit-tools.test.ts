import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { autoApprove, type Confirmer, type ConfirmRequest, Workspace, workspaceTools } from '../src/index.ts';
import { call, makeFixture, text, toolsFor } from './fixture.ts';

function recording(asked: ConfirmRequest[], answer: boolean): Confirmer {
  return {
    reviewed: true,
    confirm: async (request) => {
      asked.push(request);
      return answer;
    },
  };
}

test('writing identical content is an Error no-op, before any confirmation', async (t) => {
  const f = await makeFixture(t);
  const asked: ConfirmRequest[] = [];
  const tools = toolsFor(f, { confirmer: recording(asked, true) });
  const outcome = await call(tools.write, { path: 'README.md', content: '# Demo\nA demo project.\n' });
  assert.match(text(outcome), /^Error: README\.md already has exactly this content; nothing was written$/);
  assert.equal(asked.length, 0);
});

test('overwriting asks with old and new sizes; declining leaves the file alone', async (t) => {
  const f = await makeFixture(t);
  const asked: ConfirmRequest[] = [];
  const tools = toolsFor(f, { confirmer: recording(asked, false) });
  const outcome = await call(tools.write, { path: 'README.md', content: 'x' });
  assert.match(text(outcome), /^Error: user declined to overwrite README\.md; the file is unchanged$/);
  assert.equal(asked[0]?.title, 'overwrite README.md: 23 → 1 bytes?');
  assert.equal(readFileSync(join(f.project, 'README.md'), 'utf8'), '# Demo\nA demo project.\n');
  // Creating a new file needs no confirmation.
  assert.match(text(await call(tools.write, { path: 'fresh.txt', content: 'x' })), /^Created fresh\.txt/);
  assert.equal(asked.length, 1);
});

test('edit errors say how many matches and where', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  assert.match(
    text(await call(tools.edit, { path: 'src/app.ts', old_string: 'export', new_string: 'x' })),
    /^Error: old_string occurs 2 times in src\/app\.ts \(lines 1, 2\); add surrounding context/,
  );
  assert.match(
    text(await call(tools.edit, { path: 'src/app.ts', old_string: 'nope', new_string: 'x' })),
    /^Error: old_string was not found in src\/app\.ts/,
  );
  assert.match(
    text(await call(tools.edit, { path: 'missing.ts', old_string: 'a', new_string: 'b' })),
    /^Error: missing\.ts does not exist/,
  );
  assert.match(
    text(await call(tools.edit, { path: 'src/app.ts', old_string: 'a', new_string: 'a' })),
    /^Error: old_string and new_string are the same/,
  );
});

test('CRLF round trip: matched in LF space, written back as CRLF', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'win.txt'), 'alpha\r\nbeta\r\ngamma\r\n');
  const outcome = await call(toolsFor(f).edit, {
    path: 'win.txt',
    old_string: 'alpha\nbeta',
    new_string: 'alpha\nBETA\nextra',
  });
  assert.equal(outcome.kind, 'ok', text(outcome));
  assert.equal(readFileSync(join(f.project, 'win.txt'), 'utf8'), 'alpha\r\nBETA\r\nextra\r\ngamma\r\n');
  // old_string sent with CRLF also matches
  await call(toolsFor(f).edit, { path: 'win.txt', old_string: 'gamma\r\n', new_string: 'delta\n' });
  assert.equal(readFileSync(join(f.project, 'win.txt'), 'utf8'), 'alpha\r\nBETA\r\nextra\r\ndelta\r\n');
});

test('mixed line endings: the file is matched and written as it is, never converted', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'mixed.txt'), 'a\r\nb\nc\n');
  const outcome = await call(toolsFor(f).edit, { path: 'mixed.txt', old_string: 'b\nc', new_string: 'B\nC' });
  assert.equal(outcome.kind, 'ok', text(outcome));
  assert.equal(readFileSync(join(f.project, 'mixed.txt'), 'utf8'), 'a\r\nB\nC\n');
  // The CRLF line is matched only with its CR, since the file is not all-CRLF.
  assert.match(
    text(await call(toolsFor(f).edit, { path: 'mixed.txt', old_string: 'a\nB', new_string: 'x' })),
    /^Error: old_string was not found/,
  );
  await call(toolsFor(f).edit, { path: 'mixed.txt', old_string: 'a\r\nB', new_string: 'A\r\nB' });
  assert.equal(readFileSync(join(f.project, 'mixed.txt'), 'utf8'), 'A\r\nB\nC\n');
});

test('edit refuses binary files', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'b.bin'), Buffer.from('ab\0cd'));
  assert.match(
    text(await call(toolsFor(f).edit, { path: 'b.bin', old_string: 'ab', new_string: 'x' })),
    /^Error: b\.bin is a binary file/,
  );
});

test('concurrent edits from separate agents on one file all land, none lost', async (t) => {
  const f = await makeFixture(t);
  const lines = Array.from({ length: 40 }, (_, i) => `item ${i}`);
  writeFileSync(join(f.project, 'list.txt'), `${lines.join('\n')}\n`);
  // Two agents: two workspaces and two tool sets over the same directory.
  const other = await Workspace.create({ projectRoot: f.project, scratchParent: f.base });
  t.after(() => other.close());
  const agents = [toolsFor(f), workspaceTools(other, { confirmer: autoApprove })];
  const outcomes = await Promise.all(
    lines.map((line, i) =>
      call(agents[i % 2]!.edit, { path: 'list.txt', old_string: `${line}\n`, new_string: `${line} done\n` }),
    ),
  );
  for (const o of outcomes) assert.equal(o.kind, 'ok', text(o));
  assert.equal(
    readFileSync(join(f.project, 'list.txt'), 'utf8'),
    `${lines.map((l) => `${l} done`).join('\n')}\n`,
  );
  assert.deepEqual(
    readdirSync(f.project).filter((n) => n.includes('kodama-tmp')),
    [],
  );
});

test('concurrent writes to one file leave one whole version, never a mix', async (t) => {
  const f = await makeFixture(t);
  const versions = Array.from({ length: 12 }, (_, i) => `${String(i).repeat(50_000)}\n`);
  const tools = toolsFor(f);
  const outcomes = await Promise.all(
    versions.map((content) => call(tools.write, { path: 'same.txt', content })),
  );
  for (const o of outcomes) assert.equal(o.kind, 'ok', text(o));
  assert.ok(versions.includes(readFileSync(join(f.project, 'same.txt'), 'utf8')));
});

test('.git is refused for write and edit unless the workspace allows git writes', async (t) => {
  const f = await makeFixture(t);
  const refused = await call(toolsFor(f).edit, {
    path: '.git/config',
    old_string: '[core]',
    new_string: '[x]',
  });
  assert.match(text(refused), /^Error: \.git\/config is inside a \.git directory; .*allowGitWrites/);
  // Reading it stays allowed.
  assert.match(text(await call(toolsFor(f).read, { path: '.git/config' })), /\[core\]/);
  const ws = await Workspace.create({ projectRoot: f.project, allowGitWrites: true, scratchParent: f.base });
  t.after(() => ws.close());
  const tools = workspaceTools(ws, { confirmer: autoApprove });
  const edited = await call(tools.edit, { path: '.git/config', old_string: '[core]', new_string: '[x]' });
  assert.equal(edited.kind, 'ok', text(edited));
  assert.equal(readFileSync(join(f.project, '.git/config'), 'utf8'), '[x]\nanswer = git\n');
  // Names that merely contain .git are ordinary files.
  const ignore = await call(toolsFor(f).write, { path: '.gitignore2', content: 'x\n' });
  assert.equal(ignore.kind, 'ok', text(ignore));
});
