// What every command gets from being a row of the command table, checked for
// every row through the real `kodama` bin: its --help and `kodama help <name>`,
// its row in `kodama --help`, the usage error of an unknown command, and that
// help and version load the table, its parsers and the tools' name modules
// only, never a runner or another package's entry.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { COMMAND_TABLE, usage } from '../src/commands.ts';
import { BIN, isolatedEnv, type Outcome, runKodama } from './support/run-kodama.ts';

for (const entry of COMMAND_TABLE) {
  test(`kodama ${entry.name} --help and kodama help ${entry.name} print its usage and exit 0`, async () => {
    for (const argv of [
      [entry.name, '--help'],
      ['help', entry.name],
    ]) {
      const out = await runKodama(argv, isolatedEnv());
      assert.equal(out.code, 0, out.stderr);
      assert.equal(out.stderr, '');
      assert.ok(out.stdout.startsWith(`Usage: kodama ${entry.name}`), out.stdout);
      assert.equal(out.stdout, entry.usage);
    }
  });
}

test('kodama --help has a row for every command of the table, in its order', async () => {
  const out = await runKodama(['--help'], isolatedEnv());
  assert.equal(out.code, 0, out.stderr);
  const at = COMMAND_TABLE.map((e) => out.stdout.indexOf(`\n  kodama ${e.synopsis} `));
  assert.ok(
    at.every((i) => i > 0),
    `missing rows: ${COMMAND_TABLE.filter((_, i) => at[i]! < 0).map((e) => e.name)}`,
  );
  assert.deepEqual(
    at,
    [...at].sort((a, b) => a - b),
  );
});

test('an unknown command exits 2 with the problem and kodama usage on stderr', async () => {
  const out = await runKodama(['frobnicate', '--json'], isolatedEnv());
  assert.equal(out.code, 2);
  assert.equal(out.stdout, '');
  assert.equal(
    out.stderr,
    `kodama: unknown command "frobnicate". Try: kodama ask "<prompt>"\n\n${usage('kodama')}`,
  );
  const help = await runKodama(['help', 'frobnicate'], isolatedEnv());
  assert.equal(help.code, 2);
  assert.equal(help.stderr, `kodama: unknown command "frobnicate"\n\n${usage('help')}`);
});

/** A module hook that appends every file it resolves to $KODAMA_LOAD_LOG. */
const RECORD_LOADS = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.startsWith('file:')) appendFileSync(process.env.KODAMA_LOAD_LOG, result.url + '\\\\n');
  return result;
}\`));`;

/** Runs the bin with the hook; resolves to what it printed and the files it loaded. */
async function loadsOf(argv: readonly string[]): Promise<Outcome & { files: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-loads-'));
  try {
    const hook = join(dir, 'hook.mjs');
    const log = join(dir, 'loads.log');
    await writeFile(hook, RECORD_LOADS);
    await writeFile(log, '');
    const env = { ...isolatedEnv(), KODAMA_LOAD_LOG: log };
    const out = await new Promise<Outcome>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', hook, BIN, ...argv], { env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    const files = [...new Set((await readFile(log, 'utf8')).split('\n').filter((l) => l !== ''))];
    return { ...out, files: files.map((url) => fileURLToPath(url)) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CLI = fileURLToPath(new URL('../', import.meta.url));

/**
 * The only files of other packages the parsers load: the tools' name modules
 * (they import nothing), whose names the default tool sets are made of.
 */
const NAME_MODULES = [
  'tools/dist/tool-names.js',
  'skills/dist/tool-name.js',
  'subagents/dist/tool-name.js',
  'workspace/dist/tools/tool-kinds.js',
].map((file) => fileURLToPath(new URL(`../../${file}`, import.meta.url)));

test('--version, --help and every command --help load only the CLI own files and name modules: no runner, no package entry', async () => {
  const version = await loadsOf(['--version']);
  assert.equal(version.code, 0, version.stderr);
  // Every runner imports the agent's packages; the table and the parsers import only the tools' names.
  const foreign = version.files.filter((f) => !f.startsWith(CLI) || f.includes('node_modules'));
  assert.deepEqual(foreign.sort(), [...NAME_MODULES].sort());
  for (const argv of [['--help'], ...COMMAND_TABLE.map((e) => [e.name, '--help'])]) {
    const out = await loadsOf(argv);
    assert.equal(out.code, 0, out.stderr);
    assert.deepEqual(out.files.sort(), [...version.files].sort(), `kodama ${argv.join(' ')}`);
  }
});
