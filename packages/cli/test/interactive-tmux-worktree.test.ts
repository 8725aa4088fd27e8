// `kodama --worktree <name>` end to end under tmux: the session runs in a new
// git worktree beside the checkout, on the branch kodama/<name>; a file the
// model writes lands there, not in the main checkout; the exit says how to
// keep (commit, merge) or remove it. Outside a repository, or with a name
// taken, it says so and starts nothing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { assistantUnderTmux, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

/** A repository with one commit. */
async function repository(): Promise<{ root: string; home: string }> {
  const root = await mkdtemp(join(tmpdir(), 'kodama-wt-'));
  await writeFile(join(root, 'README.md'), 'main checkout\n');
  await writeFile(join(root, '.gitignore'), '.home/\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  return { root, home: join(root, '.home') };
}

test('--worktree: the model writes in the worktree, not the checkout; the exit names the merge and remove commands', {
  skip,
}, async () => {
  const dirs = await repository();
  const worktree = join(dirname(dirs.root), `${basename(dirs.root)}-worktrees`, 'fix-1');
  const { tmux, server } = await open(
    (r) =>
      r.callIndex === 0
        ? { toolCalls: [{ name: 'write', arguments: { path: 'made.txt', content: 'from the model\n' } }] }
        : { text: 'wrote it' },
    ['--yes', '--worktree', 'fix-1'],
    dirs,
  );
  tmux.type('write made.txt');
  tmux.keys('Enter');
  await tmux.waitFor('wrote it');
  assert.equal(await readFile(join(worktree, 'made.txt'), 'utf8'), 'from the model\n');
  await assert.rejects(readFile(join(dirs.root, 'made.txt')), /ENOENT/);
  // The model was told the worktree is its project root.
  assert.match(
    JSON.stringify(server.modelCalls[0]?.body),
    new RegExp(worktree.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')),
  );
  tmux.keys('C-d');
  const exit = await tmux.waitFor('[exit 0]');
  assert.match(exit, new RegExp(`worktree ${worktree} \\(branch kodama/fix-1\\) has uncommitted changes`));
  assert.match(exit, new RegExp(`git -C ${dirs.root} merge kodama/fix-1`));
  assert.match(exit, new RegExp(`git -C ${dirs.root} worktree remove --force ${worktree}`));
  const branches = execFileSync('git', ['branch', '--list', 'kodama/*'], {
    cwd: dirs.root,
    encoding: 'utf8',
  });
  assert.match(branches, /kodama\/fix-1/);
});

test('--worktree outside a git repository, or with a name already taken, says so and starts nothing', async () => {
  const plain = await mkdtemp(join(tmpdir(), 'kodama-nogit-'));
  const env = isolatedEnv({ HOME: join(plain, '.home') });
  const outside = await runKodama(
    ['--worktree', '--root', plain, '--model', 'openai-compatible:http://127.0.0.1:2/v1'],
    env,
  );
  assert.equal(outside.code, 2);
  assert.match(outside.stderr, /--worktree needs a git repository, and .* is not in one/);
  const { root } = await repository();
  execFileSync('git', ['branch', 'kodama/taken'], { cwd: root });
  const taken = await runKodama(
    ['--worktree', 'taken', '--root', root, '--model', 'openai-compatible:http://127.0.0.1:2/v1'],
    env,
  );
  assert.equal(taken.code, 2);
  assert.match(
    taken.stderr,
    /the worktree "taken" exists already \(branch kodama\/taken\); pick another name/,
  );
});
