#!/usr/bin/env node
// Collects every *.test.ts under packages/*/test and test/ and hands them to
// Node's built-in runner in one process tree (Node 20's --test has no globs).
// The per-test timeout is no speed goal: it turns a hang into a failure.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['test', ...readdirSync('packages').map((p) => join('packages', p, 'test'))];
const only = process.argv.slice(2);
const files = [];
function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries.sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.test.ts')) files.push(path);
  }
}
for (const root of roots) walk(root);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
if (selected.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=4', '--test-timeout=180000', ...selected],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
