// `kodama --worktree [<name>]`: the session runs in a new git worktree on its
// own branch, so two sessions on one repository do not write over each
// other's files. The worktree is a sibling of the checkout,
// `<parent>/<repo>-worktrees/<name>` (as `git worktree add ../x` is usually
// written): outside the checkout, so the main session's grep and glob do not
// walk into it and its files are not control files (`.kodama/**`), and where
// a person finds it again. On exit kodama says how to merge or remove it.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A worktree the session runs in. */
export interface SessionWorktree {
  /** The checkout it was made from (the git top level). */
  readonly repo: string;
  /** Its folder: the session's project root. */
  readonly path: string;
  /** Its branch, `kodama/<name>`. */
  readonly branch: string;
}

/** A worktree that could not be made: the message says why and what to do. */
export class WorktreeError extends Error {
  override readonly name = 'WorktreeError';
}

/** A worktree name: a word of letters, digits, `.`, `-` and `_` (it names a folder and a branch). */
const NAME = /^[A-Za-z0-9][\w.-]*$/;

/** A generated name: `20250101-120000-ab12`. */
export function generatedWorktreeName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

/** Runs git through the workspace's subprocess chokepoint; rejects with git's message on a non-zero exit. */
async function git(
  cwd: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string }> {
  const { runProcess } = await import('@kodama/workspace');
  const result = await runProcess(['git', '-C', cwd, ...args], { env, outputMode: 'separate' });
  if (result.exitCode !== 0)
    throw new Error(result.stderr.trim() || `git ${args[0]} exited ${result.exitCode ?? result.exitSignal}`);
  return { stdout: result.output };
}

/**
 * Makes the worktree `<parent>/<repo>-worktrees/<name>` of the repository
 * `from` is in, on a new branch `kodama/<name>` from the current commit.
 *
 * @throws WorktreeError outside a git repository, for a bad name, or when the branch or folder exists.
 */
export async function createWorktree(
  from: string,
  name: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<SessionWorktree> {
  const chosen = name || generatedWorktreeName();
  if (!NAME.test(chosen) || chosen.endsWith('.lock') || chosen.includes('..'))
    throw new WorktreeError(`--worktree "${chosen}" is not a usable name; use letters, digits, ., - and _`);
  let repo: string;
  try {
    repo = (await git(from, ['rev-parse', '--show-toplevel'], env)).stdout.trim();
  } catch {
    throw new WorktreeError(
      `--worktree needs a git repository, and ${from} is not in one; run kodama inside a repository (or git init), or leave out --worktree`,
    );
  }
  const branch = `kodama/${chosen}`;
  const path = join(dirname(repo), `${basename(repo)}-worktrees`, chosen);
  const taken = await git(repo, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], env).then(
    () => true,
    () => false,
  );
  if (taken || existsSync(path))
    throw new WorktreeError(
      `the worktree "${chosen}" exists already (${taken ? `branch ${branch}` : path}); pick another name (kodama --worktree <name>), or remove it: git -C ${repo} worktree remove ${path}; git -C ${repo} branch -D ${branch}`,
    );
  try {
    await git(repo, ['worktree', 'add', '--quiet', '-b', branch, path], env);
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new WorktreeError(`git worktree add failed: ${stderr || (error as Error).message}`);
  }
  return { repo, path, branch };
}

/** `text` as one shell word. */
function q(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** What kodama says on exit: where the work is, how to keep it (commit, merge) and how to remove it. */
export async function worktreeExitText(wt: SessionWorktree, env: NodeJS.ProcessEnv): Promise<string> {
  const status = await git(wt.path, ['status', '--porcelain'], env).then(
    (r) => r.stdout.trim(),
    () => '',
  );
  const [path, repo] = [q(wt.path), q(wt.repo)];
  const commit = status ? `git -C ${path} add -A && git -C ${path} commit, then ` : '';
  return [
    `worktree ${wt.path} (branch ${wt.branch})${status ? ' has uncommitted changes' : ''}`,
    `  keep it:   ${commit}git -C ${repo} merge ${wt.branch}`,
    `  remove it: git -C ${repo} worktree remove${status ? ' --force' : ''} ${path} && git -C ${repo} branch -D ${wt.branch}`,
    '',
  ].join('\n');
}
