// `kodama graph` draws an example with no model anywhere: no $KODAMA_MODEL, no
// API key, no local server, an empty home and configuration folder. Drawing
// imports the module; the examples resolve a model only when they can and
// fail at the first model call when they cannot (examples.test.ts), so
// importing never needs one.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url));

test('kodama graph draws the review example with no model configured and an empty home', async (t) => {
  const home = await mkdtemp(join(tmpdir(), 'kodama-graph-home-'));
  t.after(() => rm(home, { recursive: true, force: true }));
  const env = isolatedEnv({ HOME: home, XDG_CONFIG_HOME: join(home, 'config') });
  assert.equal(env.KODAMA_MODEL, undefined);
  const out = await runKodama(['graph', example('review-graph.ts'), '--mermaid'], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stderr, '');
  assert.match(out.stdout, /^flowchart TD\n/);
  assert.match(out.stdout, /n_review -->\|"approved"\| n_polish/);
});
