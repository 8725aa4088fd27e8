// The ordinary work that must stay allowed beside the taint attacks: a plain
// coding session (read, edit, grep, glob, bash running git and the tests; no
// web, no MCP) never sees a taint question, with or without --yes. Run
// through the real `kodama -p --yes` and `kodama ask --yes` against a
// scripted OpenAI-compatible server: the run asks nothing (no terminal, so a
// question would show as a refusal), exits 0, and the edit landed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { isolatedEnv, runKodama } from '../../packages/cli/test/support/run-kodama.ts';
import { scriptedServers } from '../../packages/cli/test/support/scripted-servers.ts';

const serve = scriptedServers();
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A small git project whose `npm test` checks that src/app.js was fixed. */
function project(): { root: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-ordinary-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  const home = join(dir, 'home');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'src/app.js'), 'export const status = "broken";\n');
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({
      name: 'ordinary',
      version: '1.0.0',
      private: true,
      scripts: {
        test: `node -e "const s=require('fs').readFileSync('src/app.js','utf8'); if(!s.includes('fixed')) process.exit(1); console.log('1 test passed')"`,
      },
    }),
  );
  writeFileSync(join(root, '.npmrc'), 'update-notifier=false\nfund=false\naudit=false\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'start');
  return { root, env: isolatedEnv({ HOME: home, XDG_DATA_HOME: join(dir, 'data') }) };
}

/** The scripted model's session: read, edit, grep, glob, git status, npm test, git diff, an answer. */
const SESSION = [
  { toolCalls: [{ name: 'read', arguments: { path: 'src/app.js' } }] },
  {
    toolCalls: [
      { name: 'edit', arguments: { path: 'src/app.js', old_string: '"broken"', new_string: '"fixed"' } },
    ],
  },
  { toolCalls: [{ name: 'grep', arguments: { pattern: 'status' } }] },
  { toolCalls: [{ name: 'glob', arguments: { pattern: 'src/**/*.js' } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'git status --short' } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'npm test' } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'git diff --stat && npm test 2>&1' } }] },
  { text: 'Fixed src/app.js; the tests pass.' },
];

type Body = { messages: Array<{ role: string; content?: unknown }> };

/** Every tool result the model read, in order. */
function toolResults(server: Awaited<ReturnType<typeof serve>>): string[] {
  const last = server.modelCalls.at(-1)?.body as Body;
  return last.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
}

function assertAskedNothing(out: { code: number | null; stderr: string }, results: string[], root: string) {
  assert.equal(out.code, 0, out.stderr);
  assert.doesNotMatch(out.stderr, /refused|was not run|needs approval|untrusted/);
  assert.equal(results.length, 7, `every call answered: ${results.join('\n---\n')}`);
  for (const result of results) assert.doesNotMatch(result, /^Error/, result);
  assert.match(results[5]!, /1 test passed[\s\S]*\[exit code 0\]/);
  assert.match(results[6]!, /1 test passed[\s\S]*\[exit code 0\]/);
  assert.equal(readFileSync(join(root, 'src/app.js'), 'utf8'), 'export const status = "fixed";\n');
}

test('ordinary work: kodama -p --yes reads, edits, runs git status and npm test, and asks nothing', async () => {
  const { root, env } = project();
  const server = await serve(SESSION);
  const out = await runKodama(
    [
      '-p',
      'fix the status and run the tests',
      '--yes',
      '--model',
      `openai-compatible:${server.url}/v1@scripted-model`,
      '--root',
      root,
      '--no-skills',
    ],
    env,
  );
  assertAskedNothing(out, toolResults(server), root);
});

test('ordinary work: kodama ask --yes reads, edits, runs git status and npm test, and asks nothing', async () => {
  const { root, env } = project();
  const server = await serve(SESSION);
  const out = await runKodama(
    [
      'ask',
      'fix the status and run the tests',
      '--yes',
      '--tools',
      'read,edit,grep,glob,bash',
      '--model',
      `openai-compatible:${server.url}/v1@scripted-model`,
      '--root',
      root,
      '--no-skills',
    ],
    env,
  );
  assertAskedNothing(out, toolResults(server), root);
});

test('ordinary work: a continued plain session (--continue) still asks nothing', async () => {
  const { root, env } = project();
  const first = await serve(SESSION);
  const model = (url: string) => [
    '--model',
    `openai-compatible:${url}/v1@scripted-model`,
    '--root',
    root,
    '--no-skills',
  ];
  const one = await runKodama(['-p', 'fix it', '--yes', ...model(first.url)], env);
  assertAskedNothing(one, toolResults(first), root);
  const second = await serve([
    { toolCalls: [{ name: 'bash', arguments: { command: 'npm test' } }] },
    { toolCalls: [{ name: 'bash', arguments: { command: 'git status' } }] },
    { text: 'still green' },
  ]);
  const two = await runKodama(
    ['-p', 'run the tests again', '--yes', '--continue', ...model(second.url)],
    env,
  );
  assert.equal(two.code, 0, two.stderr);
  assert.doesNotMatch(two.stderr, /refused|was not run|untrusted/);
  const results = toolResults(second);
  assert.equal(results.length, 9, 'the continued conversation holds the first session too');
  for (const result of results.slice(-2)) assert.match(result, /\[exit code 0\]$/);
});
