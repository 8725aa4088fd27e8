import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compileGlob } from '../src/fs/glob-matcher.ts';
import { findRipgrep, GLOB_MAX_RESULTS, GREP_MAX_RESULTS, RipgrepNotFoundError } from '../src/index.ts';
import { call, makeFixture, text, toolsFor } from './fixture.ts';
import { tempDir } from './helpers.ts';

test('ripgrep: the bundled binary is found; with neither it is a clear error', async (t) => {
  assert.match(await findRipgrep(), /rg$/);
  const empty = tempDir(t);
  await assert.rejects(findRipgrep({ bundled: false, pathEnv: empty }), (e) => {
    assert.ok(RipgrepNotFoundError.isInstance(e));
    assert.match((e as Error).message, /npm install @vscode\/ripgrep.*ripgrep package of your system/);
    return true;
  });
  const f = await makeFixture(t);
  const tools = toolsFor(f, { ripgrepPath: join(empty, 'rg') });
  assert.match(text(await call(tools.grep, { pattern: 'x' })), /^Error: /);
});

test('grep output is capped with a marker', async (t) => {
  const f = await makeFixture(t);
  writeFileSync(join(f.project, 'many.txt'), 'hit\n'.repeat(GREP_MAX_RESULTS + 50));
  const out = text(await call(toolsFor(f).grep, { pattern: 'hit', path: 'many.txt' }));
  assert.equal(out.split('\n').length, GREP_MAX_RESULTS + 1);
  assert.match(
    out,
    /\[\.\.\. 50 more result lines not shown; narrow the pattern, path or glob, or use output_mode=files_with_matches\]$/,
  );
});

test('an invalid regex is an Error observation from ripgrep', async (t) => {
  const f = await makeFixture(t);
  assert.match(text(await call(toolsFor(f).grep, { pattern: '(' })), /^Error: ripgrep failed: .*regex/s);
  assert.match(text(await call(toolsFor(f).grep, { pattern: '-v' })), /^No matches for "-v"/);
});

test('glob lists newest first and caps the list', async (t) => {
  const f = await makeFixture(t);
  mkdirSync(join(f.project, 'gen'));
  for (let i = 0; i < GLOB_MAX_RESULTS + 5; i++) writeFileSync(join(f.project, 'gen', `f${i}.gen`), '');
  utimesSync(join(f.project, 'gen/f7.gen'), new Date(), new Date(Date.now() + 60_000));
  const out = text(await call(toolsFor(f).glob, { pattern: '*.gen' })).split('\n');
  assert.equal(out[0], 'gen/f7.gen');
  assert.equal(out.length, GLOB_MAX_RESULTS + 1);
  assert.equal(out.at(-1), '[... 5 more files not shown; narrow the pattern or path]');
});

test('glob patterns compile like a shell glob', () => {
  const m = (p: string, path: string) => compileGlob(p).test(path);
  assert.ok(m('*.ts', 'a.ts') && m('*.ts', 'src/deep/a.ts'));
  assert.ok(m('src/*.ts', 'src/a.ts') && !m('src/*.ts', 'src/x/a.ts'));
  assert.ok(m('src/**/*.ts', 'src/a.ts') && m('src/**/*.ts', 'src/x/y/a.ts'));
  assert.ok(m('**/*.{md,txt}', 'a/b.txt') && !m('**/*.{md,txt}', 'a/b.js'));
  assert.ok(m('file[0-9].txt', 'file3.txt') && !m('file[!0-9].txt', 'file3.txt'));
  assert.ok(m('.*rc', '.npmrc') && m('?.js', 'a.js') && !m('?.js', 'ab.js'));
  assert.ok(!m('a.b', 'axb'));
});

test('glob: a malformed pattern is an Error naming it, not a failure', async (t) => {
  const f = await makeFixture(t);
  for (const pattern of ['[z-a]', '{a,b', 'src/{x,[y-b]}']) {
    const outcome = await call(toolsFor(f).glob, { pattern });
    assert.equal(outcome.kind, 'error', text(outcome));
    assert.ok(
      text(outcome).startsWith(`Error: invalid glob pattern ${JSON.stringify(pattern)}`),
      text(outcome),
    );
    assert.match(text(outcome), /ascending ranges/);
  }
});
