// A project without skills pays nothing for them: yaml loads with the first SKILL.md, picomatch with the
// first gated skill. Checked in a fresh process: every URL the ES module loader resolved (the tools
// package's probe) and every file Node required.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { putSkill, rootAndHome } from './helpers/temp-tree.ts';

const PROBE = fileURLToPath(new URL('../../tools/test/helpers/loaded-modules.mjs', import.meta.url));
const SCENARIO = pathToFileURL(fileURLToPath(new URL('./helpers/scan-scenario.ts', import.meta.url))).href;

/** Which of yaml and picomatch were loaded (either way) after scanning `root` and building the extension. */
function loadedAfterScan(root: string): string[] {
  const run = spawnSync(
    process.execPath,
    ['--conditions=@kodama/source', '--import', 'tsx', PROBE, SCENARIO],
    {
      encoding: 'utf8',
      env: { ...process.env, SCAN_ROOT: root },
    },
  );
  assert.equal(run.status, 0, run.stderr);
  const files = `${run.stdout}\n${run.stderr}`;
  assert.match(files, /packages\/skills\/src\/catalog\/load-skill-catalog\.ts/, 'the probe saw the scan');
  return ['picomatch', 'yaml'].filter((name) => files.includes(`/node_modules/${name}/`));
}

test('no skills: neither yaml nor picomatch is loaded; a skill loads yaml; a gated one picomatch too', () => {
  const { root } = rootAndHome();
  assert.deepEqual(loadedAfterScan(root), []);
  putSkill(root, '.claude/skills', 'plain');
  assert.deepEqual(loadedAfterScan(root), ['yaml']);
  putSkill(root, '.claude/skills', 'gated', { name: 'gated', description: 'x', paths: 'src/**' });
  assert.deepEqual(loadedAfterScan(root), ['picomatch', 'yaml']);
});
