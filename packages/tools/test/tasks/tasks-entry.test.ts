// `@kodama/tools/tasks` loads the task list and core, nothing of the web tool families.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('../helpers/loaded-modules.mjs', import.meta.url));

test('the tasks entry loads no other tool family and no npm package but the one core needs', () => {
  const run = spawnSync(
    process.execPath,
    ['--conditions=@kodama/source', '--import', 'tsx', PROBE, '@kodama/tools/tasks'],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  const urls = run.stdout.split('\n').filter((line) => line !== '');
  const ours = urls.filter((url) => url.includes('/packages/tools/src/'));
  assert.ok(
    ours.some((url) => url.endsWith('/tasks/task-list.ts')),
    ours.join('\n'),
  );
  assert.deepEqual(
    ours.filter((url) => !url.includes('/tasks/')),
    [],
  );
  const packages = urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []);
  assert.deepEqual([...new Set(packages)], ['zod'], "core's own dependency only");
});
