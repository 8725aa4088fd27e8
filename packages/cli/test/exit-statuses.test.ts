// The one table of exit statuses (docs/headless.md) holds across commands:
// a usage or configuration problem is 2 wherever it is found, a named thing
// that does not exist is 1.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

test('kodama mcp list --probe with no model to screen with is a usage error (2), saying what to give', async () => {
  const home = await mkdtemp(join(tmpdir(), 'kodama-exit-'));
  await mkdir(join(home, '.kodama'), { recursive: true });
  await writeFile(
    join(home, '.kodama', 'mcp.json'),
    JSON.stringify({ mcpServers: { x: { command: 'true' } } }),
  );
  const env = isolatedEnv({ HOME: home });
  const out = await runKodama(['mcp', 'list', '--probe', '--root', home], env);
  assert.equal(out.code, 2, out.stderr);
  assert.match(out.stderr, /--probe screens servers with a model: give --model, or --no-mcp-screen/);
  const bad = await runKodama(['mcp', 'list', '--probe', '--root', home, '--model', 'nosuch:thing'], env);
  assert.equal(bad.code, 2, bad.stderr);
});

test('a session that does not exist is 1, with how to list them', async () => {
  const home = await mkdtemp(join(tmpdir(), 'kodama-exit-'));
  const out = await runKodama(
    ['sessions', 'show', 'nope'],
    isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') }),
  );
  assert.equal(out.code, 1, out.stderr);
  assert.match(out.stderr, /no session "nope"; kodama sessions list shows the ones there are/);
});
