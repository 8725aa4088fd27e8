// Every TypeScript block of README.md, docs/*.md and packages/*/README.md, as a user copies it: each
// is a complete module (imports included) that type-checks against the
// packages and, unless marked otherwise, runs to its exit with status 0 in a
// process of its own. The model it reaches is a scripted server standing in
// for a local llama-server (`resolveModel('llamacpp')` finds it through
// LLAMACPP_BASE_URL); what the model answers and what a block must print are
// in docs-snippets/snippet-scripts.ts.
//
// Marks, an HTML comment on the line before the opening fence:
// - `<!-- typecheck only: <why> -->`: type-checked, not run (e.g. it needs a
//   hosted provider). Blocks that run durable work need Postgres: they run
//   with a private database (the durable tests' own), and are skipped with the
//   reason when Postgres is not installed (outside CI).
// - `<!-- fragment -->`: neither (a declaration shown for reference). Rare: a
//   page's blocks are meant to be complete.
// A failure names the page and the line.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { startOpenAICompatibleServer } from '@kodama/testkit';
import { freshDatabase, type PostgresAvailability } from '../packages/durable/test/support/postgres.ts';
import { extractSnippets, type Snippet } from './docs-snippets/extract-snippets.ts';
import { runSnippet } from './docs-snippets/run-snippet.ts';
import { DEFAULT_SCRIPT, SNIPPET_SCRIPTS } from './docs-snippets/snippet-scripts.ts';
import { typecheckSnippets } from './docs-snippets/typecheck-snippets.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** The pages a user reads: the README, the docs, and each package's README (what npm shows). */
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, 'packages'))
    .sort()
    .map((p) => `packages/${p}/README.md`)
    .filter((f) => existsSync(join(ROOT, f))),
];
const snippets = PAGES.flatMap((page) => extractSnippets(ROOT, page));
const checked = snippets.filter((s) => s.mode !== 'fragment');

// Inside the repository, so `@kodama/*`, zod and the rest resolve from its node_modules.
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const DIR = mkdtempSync(join(ROOT, '.tmp', 'docs-snippets-'));
const keyOf = (s: Snippet) => `${s.file}#${s.index}`;
const pathOf = (s: Snippet) => join(DIR, `${s.file.replace(/\W/g, '_')}_${s.index}.ts`);
for (const s of checked) writeFileSync(pathOf(s), s.code);

// One compiler program for all blocks, before any runs: a block that does not compile is not run.
const errors = typecheckSnippets(
  ROOT,
  checked.map((s) => ({ path: pathOf(s), file: s.file, line: s.line })),
);

// A database per durable block, made before any test is declared, so each is dropped when the
// file ends (an after hook added while tests run may fire early).
const databases = new Map<string, PostgresAvailability>();
for (const s of checked) {
  if (s.mode !== 'run' || !SNIPPET_SCRIPTS[keyOf(s)]?.postgres) continue;
  // Postgres folds unquoted names to lower case.
  databases.set(keyOf(s), await freshDatabase(`docs_${s.file}_${s.index}`.toLowerCase()));
}

after(() => rmSync(DIR, { recursive: true, force: true }));

test('the pages have TypeScript blocks, and few are fragments', () => {
  assert.ok(checked.length >= 20, `only ${checked.length} blocks found`);
  const fragments = snippets.filter((s) => s.mode === 'fragment');
  assert.ok(fragments.length <= 3, `fragments: ${fragments.map((s) => `${s.file}:${s.line}`).join(', ')}`);
});

test('every block type-checks as a complete module', () => {
  assert.deepEqual(
    errors.map((e) => `${e.at}: ${e.message}`),
    [],
  );
});

test('every entry of the scripts table names a block that runs', () => {
  const runnable = new Set(checked.filter((s) => s.mode === 'run').map(keyOf));
  for (const key of Object.keys(SNIPPET_SCRIPTS))
    assert.ok(runnable.has(key), `${key} is not a runnable block`);
});

describe('every block runs as written', { concurrency: 2 }, () => {
  for (const s of checked) {
    const name = `${s.file}:${s.line}`;
    if (s.mode === 'typecheck') {
      test(name, { skip: `typecheck only: ${s.reason ?? 'no reason given'}` }, () => {});
      continue;
    }
    test(name, async (t) => {
      const wrong = errors.filter((e) => e.path === pathOf(s)).map((e) => e.at);
      assert.deepEqual(wrong, [], `${name} was not run: it does not type-check (see above)`);
      const plan = SNIPPET_SCRIPTS[keyOf(s)] ?? {};
      const env: Record<string, string> = {};
      if (plan.postgres) {
        const db = databases.get(keyOf(s));
        if (!db || 'skip' in db) return t.skip(db?.skip);
        env.KODAMA_DATABASE_URL = db.url;
      }
      const server = await startOpenAICompatibleServer({
        script: plan.script ?? DEFAULT_SCRIPT,
        embeddings: {},
      });
      t.after(() => server.close());
      const place = mkdtempSync(join(tmpdir(), 'kodama-docs-snippet-'));
      t.after(() => rmSync(place, { recursive: true, force: true }));
      const home = join(place, 'home');
      const cwd = join(place, 'project');
      mkdirSync(home);
      mkdirSync(cwd);
      const out = await runSnippet(pathOf(s), { cwd, home, serverUrl: server.url, env });
      assert.equal(out.code, 0, `${name} exited with ${out.code ?? out.signal}:\n${out.stderr}${out.stdout}`);
      if (plan.stdout) assert.match(out.stdout, plan.stdout, `${name} printed:\n${out.stdout}`);
    });
  }
});
