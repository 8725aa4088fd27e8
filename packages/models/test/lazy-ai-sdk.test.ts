import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// Startup cost: a local target must not load the AI SDK. A resolve hook in a
// child process records every module URL; an Anthropic target afterwards
// shows that the hook does see @ai-sdk packages when they load.
test('resolving, streaming from and discovering an openai-compatible server loads no @ai-sdk module', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-loads-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const child = fileURLToPath(new URL('./support/load-report-child.ts', import.meta.url));
  const run = spawnSync(process.execPath, [...process.execArgv, child, join(dir, 'urls.txt')], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  const { local, hosted } = JSON.parse(run.stdout) as { local: string[]; hosted: string[] };
  assert.ok(
    local.some((url) => url.includes('/packages/models/src/')),
    'the hook recorded the package itself',
  );
  assert.deepEqual(
    local.filter((url) => url.includes('/@ai-sdk/')),
    [],
  );
  assert.ok(
    hosted.some((url) => url.includes('/@ai-sdk/anthropic/')),
    'an anthropic: target loads @ai-sdk/anthropic',
  );
});
