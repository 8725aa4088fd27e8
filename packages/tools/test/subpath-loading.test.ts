// Importing a tool family loads only that family: the calculator must not pay
// for linkedom, Readability, turndown or pdf.js. Checked in a fresh process,
// by recording every module URL the import resolves.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./helpers/loaded-modules.mjs', import.meta.url));
const HEAVY = ['linkedom', '@mozilla/readability', 'turndown', 'turndown-plugin-gfm', 'unpdf'];

/** The npm packages (and our own files) loaded by importing `specifier` in a new Node process. */
function loadedBy(specifier: string): { packages: Set<string>; urls: string[] } {
  const run = spawnSync(
    process.execPath,
    ['--conditions=@kodama/source', '--import', 'tsx', PROBE, specifier],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  const urls = run.stdout.split('\n').filter((line) => line !== '');
  const packages = new Set(
    urls.flatMap((url) => {
      const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
      return match ? [match[1]!] : [];
    }),
  );
  return { packages, urls };
}

test('the probe sees what the scrape family loads (so the checks below can fail)', () => {
  const { packages } = loadedBy('@kodama/tools/scrape');
  for (const name of ['linkedom', '@mozilla/readability', 'turndown']) assert.ok(packages.has(name), name);
});

for (const specifier of ['@kodama/tools/calculator', '@kodama/tools', '@kodama/tools/fetch']) {
  test(`importing ${specifier} loads no HTML or PDF library`, () => {
    const { packages, urls } = loadedBy(specifier);
    assert.deepEqual(
      HEAVY.filter((name) => packages.has(name)),
      [],
    );
    assert.ok(urls.length > 0, 'the probe recorded nothing');
  });
}

test('the calculator entry loads the calculator and nothing of the other families', () => {
  const { urls } = loadedBy('@kodama/tools/calculator');
  const ours = urls.filter((url) => url.includes('/packages/tools/src/'));
  assert.ok(
    ours.some((url) => url.endsWith('/calculator/calculate.ts')),
    ours.join('\n'),
  );
  assert.deepEqual(
    ours.filter((url) => /\/(fetch|scrape|search|http)\//.test(url)),
    [],
  );
});
