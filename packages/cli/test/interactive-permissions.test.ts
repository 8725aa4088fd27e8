// Permission rules through the real `kodama -p` against testkit's scripted
// server: they reach the tools an MCP server adds at runtime (the real
// fixture server, connected with --mcp-connect), and -p honours allow and ask
// as well as deny: an allowed call runs without asking, a call that needs
// approval is refused with no terminal, with a message saying how to allow it;
// in the assistant (under tmux) an ask rule on an MCP tool is asked inline.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RecordedRequest, ScriptedReply } from '@kodama/testkit';
import { mcpProject } from './support/mcp-project.ts';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';
import { assistantUnderTmux, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const serve = scriptedServers();
const open = assistantUnderTmux();

/** A project with `.kodama/config.json` holding `permissions`, and the fixture MCP server as `fx`. */
function project(permissions: unknown) {
  const { dir, root, home, marker } = mcpProject('kodama-perm-');
  mkdirSync(join(root, '.kodama'));
  writeFileSync(join(root, '.kodama', 'config.json'), JSON.stringify({ permissions }));
  const env = isolatedEnv({
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(dir, 'cache'),
  });
  return { root, home, env, marker };
}

type Body = { messages: Array<{ role: string; content?: unknown }> };
const systemOf = (r: RecordedRequest) => String((r.body as Body).messages[0]?.content ?? '');
const toolResults = (r: RecordedRequest) =>
  (r.body as Body).messages.filter((m) => m.role === 'tool').map((m) => String(m.content));

/** A model that passes MCP screening, makes `calls` once, then answers "done". */
async function model(calls: Array<{ name: string; arguments: Record<string, unknown> }>) {
  const server = await serve((r): ScriptedReply => {
    if (systemOf(r).startsWith('You are a security reviewer')) return { text: 'OK' };
    if (systemOf(r).startsWith('You write the one-line description')) return { text: 'Fixture tools.' };
    return toolResults(r).length === 0 ? { toolCalls: calls } : { text: 'done' };
  });
  const last = () => server.modelCalls.filter((r) => toolResults(r).length > 0).at(-1);
  return { url: `openai-compatible:${server.url}/v1@scripted-model`, results: () => toolResults(last()!) };
}

function kodamaP(root: string, url: string, env: NodeJS.ProcessEnv, ...flags: string[]) {
  return runKodama(
    ['-p', 'go', '--root', root, '--model', url, '--no-skills', '--trust', '--mcp-connect', 'fx', ...flags],
    env,
  );
}

const forked = (marker: string) => /^child \d+$/m.test(readFileSync(marker, 'utf8'));

test('a deny rule stops an MCP tool added at runtime, also a rule for all of the server, also with --yes', async () => {
  const { root, env, marker } = project({ deny: ['fx__fork(*)', 'fx__*'] });
  const m = await model([
    { name: 'fx__fork', arguments: {} },
    { name: 'fx__add', arguments: { a: 1, b: 2 } },
  ]);
  const out = await kodamaP(root, m.url, env, '--yes');
  assert.equal(out.code, 0, out.stderr);
  const [fork, add] = m.results();
  assert.match(fork ?? '', /the permission rule "fx__fork\(\*\)" in .*config\.json denies this call/);
  assert.match(add ?? '', /the permission rule "fx__\*" in .*config\.json denies this call/);
  assert.equal(forked(marker), false, 'the denied tool never ran on the server');
});

test('an ask rule on an MCP tool: refused with no terminal (saying how to allow it), run with --yes', async () => {
  const { root, env, marker } = project({ ask: ['fx__fork'] });
  const m = await model([{ name: 'fx__fork', arguments: {} }]);
  const refused = await kodamaP(root, m.url, env);
  assert.equal(refused.code, 0, refused.stderr);
  assert.match(m.results()[0] ?? '', /did not approve this fx__fork call/);
  assert.match(
    refused.stderr,
    /fx__fork was not run: it needs approval and stdin is not a terminal; the rule "fx__fork" in .*config\.json asks first; --yes approves it/,
  );
  assert.equal(forked(marker), false);
  const approved = await kodamaP(root, m.url, env, '--yes');
  assert.equal(approved.code, 0, approved.stderr);
  assert.match(m.results()[0] ?? '', /^\d+$/);
  assert.equal(forked(marker), true);
});

test('an MCP tool no rule names runs as before; an allow rule does not change that', async () => {
  const { root, env } = project({ allow: ['fx__add'] });
  const m = await model([
    { name: 'fx__add', arguments: { a: 1, b: 2 } },
    { name: 'fx__echo', arguments: { text: 'hi' } },
  ]);
  const out = await kodamaP(root, m.url, env);
  assert.equal(out.code, 0, out.stderr);
  assert.deepEqual(m.results(), ['3', 'echo: hi']);
});

test('-p: an allowed command runs without asking; one that needs approval is refused, saying how to allow it', async () => {
  const { root, env } = project({
    allow: ['bash(touch:*)', 'edit(src/**)'],
    ask: ['bash(git push:*)'],
    deny: ['bash(rm:*)'],
  });
  writeFileSync(join(root, 'keep.txt'), 'keep');
  const m = await model([
    { name: 'bash', arguments: { command: 'touch allowed.txt' } },
    { name: 'bash', arguments: { command: 'mkdir unasked' } },
    { name: 'bash', arguments: { command: 'git push origin main' } },
    { name: 'bash', arguments: { command: 'rm keep.txt' } },
    { name: 'write', arguments: { path: 'src/new.ts', content: 'export {};\n' } },
    { name: 'write', arguments: { path: 'other.ts', content: 'x\n' } },
  ]);
  const out = await runKodama(['-p', 'go', '--root', root, '--model', m.url, '--no-skills', '--trust'], env);
  assert.equal(out.code, 0, out.stderr);
  const [touch, mkdir, push, rm, src, other] = m.results();
  assert.doesNotMatch(touch ?? '', /declin|not run|denied/i);
  assert.equal(readFileSync(join(root, 'allowed.txt'), 'utf8'), '');
  assert.match(mkdir ?? '', /declin/i);
  assert.match(
    out.stderr,
    /bash "mkdir unasked" was not run: it needs approval and stdin is not a terminal; allow it with --yes, or with a rule in \S*\/kodama\/config\.json: \{"permissions": \{"allow": \["bash\(mkdir unasked\)"\]\}\}/,
  );
  assert.match(push ?? '', /declin/i);
  assert.match(
    out.stderr,
    /bash "git push origin main" was not run: .*the rule "bash\(git push:\*\)" in .* asks first/,
  );
  assert.match(rm ?? '', /the permission rule "bash\(rm:\*\)" .* denies this call/);
  assert.equal(readFileSync(join(root, 'keep.txt'), 'utf8'), 'keep');
  assert.doesNotMatch(src ?? '', /declin|not run|denied/i);
  assert.equal(readFileSync(join(root, 'src', 'new.ts'), 'utf8'), 'export {};\n');
  assert.match(other ?? '', /declined to create other\.ts/);
  assert.match(out.stderr, /write other\.ts was not run: .*"allow": \["write\(other\.ts\)"\]/);
  assert.throws(() => readFileSync(join(root, 'other.ts')), { code: 'ENOENT' });
});

test('-p --yes: control files are refused with nobody to ask, also under an allow rule; src/ is written', async () => {
  const { root, env } = project({ allow: ['edit(**)', 'bash(cp:*)'] });
  mkdirSync(join(root, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(root, 'evil.sh'), 'touch PWNED\n');
  const before = readFileSync(join(root, '.kodama', 'config.json'), 'utf8');
  const m = await model([
    {
      name: 'write',
      arguments: { path: '.kodama/config.json', content: '{"permissions":{"allow":["bash"]}}' },
    },
    { name: 'bash', arguments: { command: 'cp evil.sh .git/hooks/pre-commit' } },
    { name: 'write', arguments: { path: '.github/workflows/ci.yml', content: 'on: push\n' } },
    { name: 'write', arguments: { path: 'src/ok.ts', content: 'export {};\n' } },
  ]);
  const out = await runKodama(
    ['-p', 'go', '--root', root, '--model', m.url, '--no-skills', '--trust', '--yes'],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
  assert.equal(readFileSync(join(root, '.kodama', 'config.json'), 'utf8'), before);
  assert.throws(() => readFileSync(join(root, '.git', 'hooks', 'pre-commit')), { code: 'ENOENT' });
  assert.throws(() => readFileSync(join(root, '.github', 'workflows', 'ci.yml')), { code: 'ENOENT' });
  assert.equal(readFileSync(join(root, 'src', 'ok.ts'), 'utf8'), 'export {};\n');
});

test('the assistant: an ask rule on an MCP tool is asked inline, a denied one never runs', {
  skip,
}, async () => {
  const { root, home, marker } = project({ ask: ['fx__add'], deny: ['fx__fork'] });
  const { tmux } = await open(
    (r): ScriptedReply => {
      if (systemOf(r).startsWith('You are a security reviewer')) return { text: 'OK' };
      if (systemOf(r).startsWith('You write the one-line description')) return { text: 'Fixture tools.' };
      const results = toolResults(r);
      if (results.length > 0) return { text: `results: ${results.map((t) => t.slice(0, 40)).join(' | ')}` };
      return {
        toolCalls: [
          { name: 'fx__fork', arguments: {} },
          { name: 'fx__add', arguments: { a: 20, b: 22 } },
        ],
      };
    },
    ['--trust', '--mcp-connect', 'fx'],
    { root, home },
  );
  tmux.type('add them');
  tmux.keys('Enter');
  const question = await tmux.waitFor('y yes · n no');
  assert.match(question, /run fx__add\? \(the rule "fx__add" in [\s\S]*?config\.json\s+asks first\)/);
  tmux.keys('y');
  const screen = await tmux.waitFor('results:');
  assert.match(screen, /results: (Error: )?the permission rule "fx__fork" in.* \| 42/);
  assert.equal(forked(marker), false);
});
