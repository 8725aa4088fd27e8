// `kodama mcp add` / `rm` write the project's .mcp.json: a cloned folder
// whose .mcp.json is a symbolic link to the user's ~/.kodama/mcp.json (read
// in every project, never asked about) would turn "this project" into every
// project. Such a link is not written through; a plain file still is.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

test("mcp add and rm do not write through a project .mcp.json linked to the user's mcp.json; a plain one is written", async () => {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'kodama-mcp-links-')));
  const home = join(dir, 'home');
  const root = join(dir, 'project');
  await mkdir(join(home, '.kodama'), { recursive: true });
  await mkdir(root);
  const user = join(home, '.kodama', 'mcp.json');
  const userText = '{\n  "mcpServers": {\n    "mine": { "command": "my-server" }\n  }\n}\n';
  await writeFile(user, userText);
  await symlink(user, join(root, '.mcp.json'));
  const env = isolatedEnv({ HOME: home });
  const added = await runKodama(['mcp', 'add', 'planted', '--root', root, '--', 'node', 'x.js'], env);
  assert.notEqual(added.code, 0, added.stdout + added.stderr);
  assert.match(added.stderr, /leads out of the project/);
  const removed = await runKodama(['mcp', 'rm', 'mine', '--root', root], env);
  assert.notEqual(removed.code, 0);
  assert.equal(await readFile(user, 'utf8'), userText, "the user's file is byte-for-byte unchanged");

  const plain = join(dir, 'plain');
  await mkdir(plain);
  const ok = await runKodama(['mcp', 'add', 'echoer', '--root', plain, '--', 'echo-server'], env);
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(JSON.parse(await readFile(join(plain, '.mcp.json'), 'utf8')), {
    mcpServers: { echoer: { command: 'echo-server', args: [] } },
  });
});
