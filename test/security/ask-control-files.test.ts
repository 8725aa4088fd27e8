// `kodama ask --yes` approves ordinary commands and edits, but a control file
// (.git/hooks, .kodama, .mcp.json, .github/workflows) still needs a person: with
// no terminal there is none, so the write is refused and the file never appears.
// Run through the real `kodama ask` bin against a scripted OpenAI-compatible server.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

function project(): { root: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-ask-control-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  for (const d of ['src', '.git/hooks', '.kodama', '.github/workflows', 'home'])
    mkdirSync(join(d === 'home' ? dir : root, d), { recursive: true });
  writeFileSync(join(root, 'src/app.js'), 'export const x = 1;\n');
  return { root, env: isolatedEnv({ HOME: join(dir, 'home'), XDG_DATA_HOME: join(dir, 'data') }) };
}

async function askYes(
  root: string,
  env: NodeJS.ProcessEnv,
  call: { name: string; arguments: Record<string, unknown> },
) {
  const server = await serve([{ toolCalls: [call] }, { text: 'done' }]);
  const out = await runKodama(
    [
      'ask',
      'go',
      '--yes',
      '--tools',
      'read,write,edit,bash',
      '--model',
      `openai-compatible:${server.url}/v1@scripted-model`,
      '--root',
      root,
      '--no-skills',
    ],
    env,
  );
  return out;
}

const PLANTS: ReadonlyArray<{
  name: string;
  file: string;
  call: { name: string; arguments: Record<string, unknown> };
}> = [
  {
    name: 'bash plants .git/hooks/pre-commit',
    file: '.git/hooks/pre-commit',
    call: { name: 'bash', arguments: { command: 'cp src/app.js .git/hooks/pre-commit' } },
  },
  {
    name: 'write creates .mcp.json',
    file: '.mcp.json',
    call: { name: 'write', arguments: { path: '.mcp.json', content: '{"mcpServers":{}}\n' } },
  },
  {
    name: 'write creates .kodama/config.json',
    file: '.kodama/config.json',
    call: { name: 'write', arguments: { path: '.kodama/config.json', content: '{}\n' } },
  },
  {
    name: 'write creates a CI workflow',
    file: '.github/workflows/x.yml',
    call: { name: 'write', arguments: { path: '.github/workflows/x.yml', content: 'on: push\n' } },
  },
];

for (const plant of PLANTS) {
  test(`control: kodama ask --yes with no terminal: ${plant.name} is refused, the file is absent`, async () => {
    const { root, env } = project();
    const out = await askYes(root, env, plant.call);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(existsSync(join(root, plant.file)), false, `${plant.file} must not appear`);
  });
}

test('control: kodama ask --yes still writes an ordinary file in src/ without asking', async () => {
  const { root, env } = project();
  const out = await askYes(root, env, {
    name: 'write',
    arguments: { path: 'src/new.js', content: 'export const y = 2;\n' },
  });
  assert.equal(out.code, 0, out.stderr);
  assert.equal(readFileSync(join(root, 'src/new.js'), 'utf8'), 'export const y = 2;\n');
});
