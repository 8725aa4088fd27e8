#!/usr/bin/env node
// Collects every *.test.ts under packages/*/test and test/ and hands them to
// Node's built-in runner in one process tree (Node 20's --test has no globs).
// The per-test timeout is no speed goal: it turns a hang into a failure.
//
// Tests run from source: the `@kodama/source` export condition makes every
// `@kodama/*` import resolve to `src/*.ts` (tsx compiles them), also in child
// processes that inherit the environment (NODE_OPTIONS). A few tests exercise
// the compiled output on plain Node (the `kodama` bin, the pack test), so the
// build runs first: `tsc -b` is incremental, and dist/ is never older than src/.
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
const build = spawnSync(process.execPath, [join('scripts', 'build.mjs')], { stdio: 'inherit' });
// tsc -b still writes every file it can when a project has type errors, so the
// tests run either way; the run fails at the end.
if (build.status !== 0) console.error('the build (scripts/build.mjs, tsc -b) reported errors; see above');
const SOURCE = '--conditions=@kodama/source';
const result = spawnSync(
  process.execPath,
  [
    SOURCE,
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=4',
    '--test-timeout=600000',
    // TAP on stdout as before (its summary is what CI reads), and the failures
    // again at the very end on stderr.
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(import.meta.dirname ?? 'scripts', 'failures-reporter.mjs')}`,
    '--test-reporter-destination=stderr',
    ...selected,
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${SOURCE}`.trim() },
  },
);
process.exit(build.status === 0 ? (result.status ?? 1) : 1);
