import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { effectOfKind, effectsOf, mayHaveEffect } from '@kodama/core';
import { WORKSPACE_TOOL_KINDS, WORKSPACE_TOOL_NAMES, workspaceToolsWith } from '../src/index.ts';
import { call, makeFixture, text, toolsFor } from './fixture.ts';

test('edit previews exactly the text it writes, for a CRLF file', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const file = join(f.project, 'win.txt');
  const before = 'one\r\ntwo\r\nthree\r\n';
  writeFileSync(file, before);
  const args = { path: 'win.txt', old_string: 'two\nthree', new_string: 'TWO\nTHREE\nFOUR' };
  const effect = effectOfKind(effectsOf(tools.edit, args), 'writesFile');
  assert.equal(effect?.path, 'win.txt');
  const preview = effect?.preview(before);
  assert.match(text(await call(tools.edit, args)), /^Edited win\.txt/);
  assert.equal(preview, readFileSync(file, 'utf8'));
  assert.equal(preview, 'one\r\nTWO\r\nTHREE\r\nFOUR\r\n');
});

test('edit previews a mixed-ending file and replace_all as it writes them, and nothing for a failing call', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const file = join(f.project, 'mixed.txt');
  const before = 'a\r\nb\na\r\n';
  writeFileSync(file, before);
  const args = { path: 'mixed.txt', old_string: 'a\r\n', new_string: 'z\n', replace_all: true };
  const preview = effectOfKind(effectsOf(tools.edit, args), 'writesFile')?.preview(before);
  await call(tools.edit, args);
  assert.equal(preview, readFileSync(file, 'utf8'));
  const missing = { path: 'mixed.txt', old_string: 'nope', new_string: 'x' };
  assert.equal(effectOfKind(effectsOf(tools.edit, missing), 'writesFile')?.preview(before), undefined);
  assert.equal(effectOfKind(effectsOf(tools.edit, missing), 'writesFile')?.preview(undefined), undefined);
  assert.match(text(await call(tools.edit, missing)), /^Error: old_string was not found/);
});

test('write previews the content it writes, and no change for the text the file has', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  const args = { path: 'fresh.txt', content: 'new\r\ntext' };
  const effect = effectOfKind(effectsOf(tools.write, args), 'writesFile');
  assert.equal(effect?.path, 'fresh.txt');
  const preview = effect?.preview(undefined);
  await call(tools.write, args);
  assert.equal(preview, readFileSync(join(f.project, 'fresh.txt'), 'utf8'));
  assert.equal(effect?.preview('new\r\ntext'), undefined);
});

test('bash declares the command it runs; read, grep and glob the path they read', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  assert.deepEqual(effectsOf(tools.bash, { command: 'git status' }), [
    { kind: 'runsCommand', command: 'git status' },
  ]);
  assert.deepEqual(effectsOf(tools.read, { path: 'src/app.ts' }), [
    { kind: 'readsPath', path: 'src/app.ts' },
  ]);
  // grep and glob read under a root they search, not one file.
  assert.deepEqual(effectsOf(tools.grep, { pattern: 'x' }), [
    { kind: 'readsPath', path: '.', searches: true },
  ]);
  assert.deepEqual(effectsOf(tools.glob, { pattern: '*.ts', path: 'src' }), [
    { kind: 'readsPath', path: 'src', searches: true },
  ]);
  for (const tool of [tools.read, tools.grep, tools.glob]) assert.ok(!mayHaveEffect(tool, 'writesFile'));
  assert.ok(mayHaveEffect(tools.bash, 'runsCommand'));
  assert.ok(mayHaveEffect(tools.edit, 'writesFile') && mayHaveEffect(tools.write, 'writesFile'));
});

test('WORKSPACE_TOOL_KINDS is what each built tool declares', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  for (const name of WORKSPACE_TOOL_NAMES)
    assert.deepEqual(tools[name].effects?.kinds, WORKSPACE_TOOL_KINDS[name], name);
  assert.deepEqual(workspaceToolsWith('writesFile'), ['write', 'edit']);
});
