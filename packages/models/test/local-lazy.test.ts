import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// node-llama-cpp is an optional peer: importing @kodama/models and resolving
// other targets must not load it; a local: target does. A resolve hook in a
// child process records every module URL.
test('node-llama-cpp loads only when a local: target is resolved', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-local-lazy-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const child = fileURLToPath(new URL('./local-lazy-child.ts', import.meta.url));
  const run = spawnSync(process.execPath, [...process.execArgv, child, dir], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const { before, after } = JSON.parse(run.stdout) as { before: string[]; after: string[] };
  assert.ok(
    before.some((url) => url.includes('/packages/models/src/local/')),
    'the provider code itself is loaded',
  );
  assert.deepEqual(
    before.filter((url) => url.includes('/node_modules/node-llama-cpp/')),
    [],
  );
  assert.ok(
    after.some((url) => url.includes('/node_modules/node-llama-cpp/')),
    'a local: target loads node-llama-cpp',
  );
});
