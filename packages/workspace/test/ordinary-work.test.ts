// The ordinary-work suite: what a coding assistant does all day must simply
// work. One table, one row per task; each asserts the observable result.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import type { ToolOutcome } from '@kodama/core/tool';
import { assertSandboxAvailable, Workspace } from '../src/index.ts';
import { call, type Fixture, makeFixture, text, toolsFor } from './fixture.ts';

type Tools = ReturnType<typeof toolsFor>;
interface Task {
  readonly name: string;
  readonly run: (tools: Tools, f: Fixture) => Promise<ToolOutcome>;
  /** The observation must match. */
  readonly shows: RegExp;
  /** The observation must not contain these. */
  readonly hides?: readonly string[];
  /** Checked afterwards on disk. */
  readonly after?: (f: Fixture) => void;
  /** Runs bash under bubblewrap. */
  readonly sandbox?: boolean;
}

const file = (f: Fixture, rel: string) => readFileSync(join(f.project, rel), 'utf8');

const TASKS: readonly Task[] = [
  {
    name: 'read a source file',
    run: (t) => call(t.read, { path: 'src/app.ts' }),
    shows: /^ {5}1\texport const answer = 42;\n {5}2\texport function greet/,
  },
  {
    name: 'read by absolute path inside the project',
    run: (t, f) => call(t.read, { path: join(f.project, 'README.md') }),
    shows: /^ {5}1\t# Demo/,
  },
  {
    name: 'read a page with offset and limit',
    run: (t) => call(t.read, { path: 'src/app.ts', offset: 2, limit: 2 }),
    shows: /^ {5}2\texport function greet.*\n {5}3\t {2}return.*\n\n\[\.\.\. stopped at line 3 .*offset=4/s,
  },
  {
    name: 'read a file in a hidden directory',
    run: (t) => call(t.read, { path: '.hidden/notes.txt' }),
    shows: /answer in a hidden dir/,
  },
  {
    name: 'read a public key (id_rsa.pub is not a secret)',
    run: (t) => call(t.read, { path: 'keys/id_rsa.pub' }),
    shows: /ssh-rsa AAAA/,
  },
  {
    name: 'read a file named id_utils.ts',
    run: (t) => call(t.read, { path: 'src/util/id_utils.ts' }),
    shows: /export const id = 1/,
  },
  {
    name: 'read an .npmrc without tokens',
    run: (t) => call(t.read, { path: 'pkg/.npmrc' }),
    shows: /save-exact=true/,
  },
  { name: 'read .gitignore', run: (t) => call(t.read, { path: '.gitignore' }), shows: /ignored\.txt/ },
  {
    name: 'create a file in a new directory',
    run: (t) => call(t.write, { path: 'src/new/mod.ts', content: 'export {};\n' }),
    shows: /^Created src\/new\/mod\.ts \(11 bytes\)$/,
    after: (f) => assert.equal(file(f, 'src/new/mod.ts'), 'export {};\n'),
  },
  {
    name: 'overwrite a file (approved)',
    run: (t) => call(t.write, { path: 'README.md', content: '# New\n' }),
    shows: /^Overwrote README\.md \(6 bytes\)$/,
    after: (f) => assert.equal(file(f, 'README.md'), '# New\n'),
  },
  {
    name: 'edit a unique string',
    run: (t) => call(t.edit, { path: 'src/app.ts', old_string: 'answer = 42', new_string: 'answer = 43' }),
    shows: /replaced 1 occurrence \(line 1\)/,
    after: (f) => assert.match(file(f, 'src/app.ts'), /answer = 43;/),
  },
  {
    name: 'edit with replace_all',
    run: (t) =>
      call(t.edit, {
        path: 'src/app.ts',
        old_string: 'export',
        new_string: 'export /*x*/',
        replace_all: true,
      }),
    shows: /replaced 2 occurrences \(lines 1, 2\)/,
    after: (f) => assert.equal(file(f, 'src/app.ts').split('/*x*/').length, 3),
  },
  {
    name: 'edit keeps $ sequences literally',
    run: (t) => call(t.edit, { path: 'src/app.ts', old_string: '42', new_string: "'$&$1'" }),
    shows: /replaced 1/,
    after: (f) => assert.match(file(f, 'src/app.ts'), /answer = '\$&\$1';/),
  },
  {
    name: 'grep for a word',
    run: (t) => call(t.grep, { pattern: 'answer' }),
    shows:
      /^\.hidden\/notes\.txt:1:answer in a hidden dir\ndocs\/guide\.md:1:Guide: answer is documented here\.\nsrc\/app\.ts:1:export const answer = 42;$/,
    hides: ['ignored.txt', 'build/', '.git/'],
  },
  {
    name: 'grep files_with_matches',
    run: (t) => call(t.grep, { pattern: 'answer', output_mode: 'files_with_matches' }),
    shows: /^\.hidden\/notes\.txt\ndocs\/guide\.md\nsrc\/app\.ts$/,
  },
  {
    name: 'grep count',
    run: (t) => call(t.grep, { pattern: 'export', output_mode: 'count' }),
    shows: /src\/app\.ts:2/,
  },
  {
    name: 'grep case-insensitively in one directory with a glob',
    run: (t) => call(t.grep, { pattern: 'DEMO', path: '.', glob: '*.md', case_insensitive: true }),
    shows: /^README\.md:1:# Demo\nREADME\.md:2:A demo project\.$/,
  },
  {
    name: 'grep one file',
    run: (t) => call(t.grep, { pattern: 'greet', path: 'src/app.ts' }),
    shows: /^src\/app\.ts:2:export function greet/,
  },
  {
    name: 'grep with no match',
    run: (t) => call(t.grep, { pattern: 'nothing-like-this' }),
    shows: /^No matches for "nothing-like-this" in \.$/,
  },
  {
    name: 'glob by extension at any depth',
    run: (t) => call(t.glob, { pattern: '*.ts' }),
    shows: /^src\/(app|util\/id_utils)\.ts\nsrc\/(app|util\/id_utils)\.ts$/,
  },
  {
    name: 'glob with ** and braces',
    run: (t) => call(t.glob, { pattern: '**/*.{md,txt}' }),
    shows: /docs\/guide\.md/,
    hides: ['ignored.txt', '.git/'],
  },
  {
    name: 'glob under a path',
    run: (t) => call(t.glob, { pattern: '*', path: 'docs' }),
    shows: /^docs\/guide\.md$/,
  },
  {
    name: 'bash runs in the project root',
    run: (t) => call(t.bash, { command: 'pwd; cat README.md' }),
    shows: /project\n# Demo\nA demo project\.\n\[exit code 0\]$/,
  },
  {
    name: 'bash reports a non-zero exit code',
    run: (t) => call(t.bash, { command: 'echo failing >&2; exit 3' }),
    shows: /failing\n\[exit code 3\]$/,
  },
  {
    name: 'bash writes a file in the project',
    run: (t) => call(t.bash, { command: 'echo built > out.txt' }),
    shows: /\[exit code 0\]/,
    after: (f) => assert.equal(file(f, 'out.txt'), 'built\n'),
  },
  {
    name: 'bash uses the scratch directory as TMPDIR',
    run: (t) => call(t.bash, { command: 'echo "$TMPDIR"; touch "$TMPDIR/x" && echo ok' }),
    shows: /kodama-scratch-.*\nok\n/,
  },
  {
    name: 'sandboxed bash reads and writes the project',
    sandbox: true,
    run: (t) =>
      call(t.bash, {
        command: 'cat src/app.ts | head -1 && echo done > sandboxed.txt && echo ok',
      }),
    shows: /export const answer = 42;\nok\n\[exit code 0\]$/,
    after: (f) => assert.equal(file(f, 'sandboxed.txt'), 'done\n'),
  },
  {
    name: 'sandboxed bash runs system tools and a private /tmp',
    sandbox: true,
    run: (t) =>
      call(t.bash, {
        command: 'echo hi > /tmp/t && cat /tmp/t && grep -c answer src/app.ts && awk "BEGIN{print 6*7}"',
      }),
    shows: /^hi\n1\n42\n\[exit code 0\]$/,
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

for (const task of TASKS) {
  test(`allowed: ${task.name}`, async (t) => {
    if (task.sandbox && bwrapProblem) {
      t.skip(`bubblewrap cannot start here: ${bwrapProblem}`);
      return;
    }
    const f = await makeFixture(t);
    const outcome = await task.run(toolsFor(f, task.sandbox ? { sandbox: { kind: 'bubblewrap' } } : {}), f);
    const observed = text(outcome);
    assert.equal(outcome.kind, 'ok', observed);
    assert.match(observed, task.shows);
    for (const h of task.hides ?? []) assert.ok(!observed.includes(h), `${h} appeared: ${observed}`);
    task.after?.(f);
  });
}

test('a write keeps the file mode', async (t) => {
  const f = await makeFixture(t);
  const tools = toolsFor(f);
  await call(tools.write, { path: 'run.sh', content: '#!/bin/sh\n' });
  const { chmodSync } = await import('node:fs');
  chmodSync(join(f.project, 'run.sh'), 0o750);
  const outcome = await call(tools.write, { path: 'run.sh', content: '#!/bin/sh\necho hi\n' });
  assert.equal(outcome.kind, 'ok', text(outcome));
  assert.equal(statSync(join(f.project, 'run.sh')).mode & 0o777, 0o750);
});
