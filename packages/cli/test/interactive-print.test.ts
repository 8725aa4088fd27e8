// `kodama -p`: one turn with the assistant's wiring, no screen: the coding
// prompt with the project's instruction files, the assistant's tools, the
// answer on stdout (or JSON events), the conversation saved as a session.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

test('kodama -p answers once with the coding prompt, the project instructions and the assistant tools', async () => {
  const server = await serve([{ text: 'All good.' }]);
  const root = await mkdtemp(join(tmpdir(), 'kodama-p-'));
  await writeFile(join(root, 'AGENTS.md'), 'Root rule: use tabs.');
  const home = join(root, '.home');
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') });
  const model = `openai-compatible:${server.url}/v1`;
  const out = await runKodama(['-p', 'check it', '--model', model, '--root', root, '--no-skills'], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), 'All good.');
  const body = server.modelCalls[0]?.body as {
    messages: Array<{ role: string; content: string }>;
    tools: Array<{ function: { name: string } }>;
  };
  const system = body.messages[0]?.content ?? '';
  assert.match(system, /You are kodama, a coding assistant/);
  assert.match(system, /Root rule: use tabs\./);
  const names = body.tools.map((t) => t.function.name);
  for (const name of ['read', 'write', 'edit', 'grep', 'glob', 'bash', 'calculator', 'agent'])
    assert.ok(names.includes(name), names.join());
  const listed = await runKodama(['sessions', 'list'], env);
  assert.match(listed.stdout, /kodama-\d{8}-\d{6}-[0-9a-f]{4}/);
});

test('kodama -p --json streams the events, one per line', async () => {
  const server = await serve([{ text: 'hello' }]);
  const root = await mkdtemp(join(tmpdir(), 'kodama-p-'));
  const out = await runKodama(
    [
      '-p',
      'hi',
      '--json',
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--root',
      root,
      '--tools',
      'calculator',
      '--no-skills',
    ],
    isolatedEnv({ HOME: join(root, '.home'), XDG_DATA_HOME: join(root, '.data') }),
  );
  assert.equal(out.code, 0, out.stderr);
  const types = out.stdout
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { type: string }).type);
  assert.ok(types.includes('assistant-delta') && types.includes('tokens'), types.join());
});

test('kodama with no terminal and flags of the assistant but no -p says it needs one', async () => {
  const out = await runKodama(['--json'], isolatedEnv());
  assert.equal(out.code, 2);
  assert.match(out.stderr, /--json goes with -p/);
});

test('instruction files are read from the current directory up to the root, nearest first', async () => {
  const { loadInstructions } = await import('../src/interactive-prompt.ts');
  const { mkdir } = await import('node:fs/promises');
  const root = await mkdtemp(join(tmpdir(), 'kodama-instr-'));
  await mkdir(join(root, 'sub', '.kodama'), { recursive: true });
  await writeFile(join(root, 'AGENTS.md'), 'root agents');
  await writeFile(join(root, 'CLAUDE.md'), 'root claude');
  await writeFile(join(root, 'sub', '.kodama', 'instructions.md'), 'sub kodama');
  const found = await loadInstructions(join(root, 'sub'), root);
  assert.deepEqual(
    found.map((f) => f.text),
    ['sub kodama', 'root agents', 'root claude'],
  );
});
