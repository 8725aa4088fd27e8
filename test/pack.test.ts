// The packages as a user gets them: `npm pack` @kodama/core and @kodama/models,
// install the tarballs into an empty project outside the monorepo, type-check a
// small program against them with `tsc --strict`, and run its JavaScript on
// plain Node against a scripted server. Wrong `exports`, missing or broken
// declarations, a file left out of `files` or an undeclared dependency fail here.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
/** Every package a user can install, by folder. */
const PUBLIC = [
  'core',
  'shell',
  'models',
  'testkit',
  'tools',
  'workspace',
  'sqlite',
  'skills',
  'subagents',
  'otel',
  'ag-ui',
  'mcp',
  'inspector',
  'assistant',
  'assemblies',
  'durable',
  'memory',
  'code-mode',
  'tool-search',
  'cli',
];
/** The ones installed and run below: the library pair, and the command with what it needs. */
const LIBRARY = ['core', 'models'];
// The command depends on every public package but the test kit.
const COMMAND = PUBLIC.filter((name) => name !== 'testkit');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * The environment of the child processes: this test runs under the
 * `@kodama/source` condition (NODE_OPTIONS), which the installed packages must
 * not see; they are to be used exactly as published.
 */
function plainEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

interface PackResult {
  readonly name: string;
  readonly filename: string;
  readonly files: ReadonlyArray<{ readonly path: string }>;
}

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly engines?: { readonly node?: string };
  readonly bin?: Record<string, string>;
  readonly exports: Record<string, string | Record<string, string>>;
  readonly dependencies?: Record<string, string>;
}

/** `npm pack` of the given package folders, into `destination` or (dry run) nowhere. */
async function pack(folders: readonly string[], destination?: string): Promise<PackResult[]> {
  const where = destination === undefined ? ['--dry-run'] : ['--pack-destination', destination];
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--ignore-scripts', ...where, ...folders.flatMap((f) => ['-w', `packages/${f}`])],
    { cwd: ROOT, env: plainEnv() },
  );
  return JSON.parse(stdout) as PackResult[];
}

let dir: string;
let listed: Array<PackResult & { manifest: Manifest }>;
let packed: PackResult[];

before(async () => {
  for (const name of PUBLIC) {
    assert.ok(
      existsSync(join(ROOT, 'packages', name, 'dist', 'index.js')),
      `packages/${name}/dist is missing: run npm run build (scripts/run-tests.mjs does)`,
    );
  }
  dir = await mkdtemp(join(tmpdir(), 'kodama-pack-'));
  const results = await pack(PUBLIC);
  listed = await Promise.all(
    results.map(async (result) => {
      const folder = result.name === 'kodama' ? 'cli' : result.name.replace('@kodama/', '');
      const manifest = JSON.parse(await readFile(join(ROOT, 'packages', folder, 'package.json'), 'utf8'));
      return { ...result, manifest: manifest as Manifest };
    }),
  );
  packed = await pack(COMMAND, dir);
});

after(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('every public package is publishable: not private, one version, one engines range', () => {
  assert.deepEqual(listed.map((p) => p.manifest.name).sort(), [
    '@kodama/ag-ui',
    '@kodama/assemblies',
    '@kodama/assistant',
    '@kodama/code-mode',
    '@kodama/core',
    '@kodama/durable',
    '@kodama/inspector',
    '@kodama/mcp',
    '@kodama/memory',
    '@kodama/models',
    '@kodama/otel',
    '@kodama/shell',
    '@kodama/skills',
    '@kodama/sqlite',
    '@kodama/subagents',
    '@kodama/testkit',
    '@kodama/tool-search',
    '@kodama/tools',
    '@kodama/workspace',
    'kodama',
  ]);
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  for (const { manifest } of listed) {
    assert.notEqual(manifest.private, true, `${manifest.name} is private`);
    assert.equal(manifest.version, listed[0]!.manifest.version, `${manifest.name} version`);
    assert.equal(manifest.engines?.node, root.engines?.node, `${manifest.name} engines`);
    // Our own packages depend on each other at exactly this version.
    for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
      if (dep.startsWith('@kodama/')) assert.equal(range, manifest.version, `${manifest.name} → ${dep}`);
    }
  }
});

test('each tarball holds the compiled output, its declarations, package.json and README, and no source', () => {
  for (const { name, files, manifest } of listed) {
    const paths = files.map((f) => f.path);
    for (const required of ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']) {
      assert.ok(paths.includes(required), `${name} lacks ${required}`);
    }
    const bins = new Set(Object.values(manifest.bin ?? {}).map((b) => b.replace(/^\.\//, '')));
    const stray = paths.filter(
      (p) =>
        !(
          p === 'package.json' ||
          p === 'README.md' ||
          bins.has(p) ||
          /^dist\/.*\.(js|d\.ts)$/.test(p) ||
          (name === '@kodama/testkit' && /^scripts\/[\w-]+\.json$/.test(p)) ||
          (name === '@kodama/subagents' && /^prompts\/[\w-]+\.txt$/.test(p)) ||
          (name === '@kodama/inspector' && /^page\/[\w-]+\.(html|css|js)$/.test(p)) ||
          // The headless contract's JSON Schema (docs/headless.md), for scripts to validate against.
          (name === 'kodama' && /^schema\/[\w.-]+\.schema\.json$/.test(p))
        ),
    );
    assert.deepEqual(stray, [], `${name} ships files outside dist/*.js, dist/*.d.ts, its bin and README.md`);
    if (name === '@kodama/subagents')
      assert.ok(paths.includes('prompts/researcher.txt'), 'the persona prompts ship');
    for (const bin of bins) assert.ok(paths.includes(bin), `${name} lacks its bin ${bin}`);
  }
});

test('every export points at a file in the tarball, declarations first (TypeScript reads conditions in order)', () => {
  for (const { name, files, manifest } of listed) {
    const paths = new Set(files.map((f) => `./${f.path}`));
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') {
        assert.ok(paths.has(target), `${name} exports ${subpath} → ${target}, which is not packed`);
        continue;
      }
      const published = Object.keys(target).filter((condition) => condition !== '@kodama/source');
      assert.deepEqual(published, ['types', 'default'], `${name} ${subpath}: conditions`);
      for (const condition of published) {
        const file = target[condition]!;
        assert.ok(
          paths.has(file),
          `${name} exports ${subpath} (${condition}) → ${file}, which is not packed`,
        );
      }
    }
  }
});

const PROGRAM = `import { Agent } from '@kodama/core';
import { formatTokens } from '@kodama/core/listeners';
import { resolveModel } from '@kodama/models';

const baseUrl: string = process.argv[2] ?? '';
const model = await resolveModel(\`openai-compatible:\${baseUrl}/v1@scripted-model\`);
const agent = new Agent({ model, systemPrompt: 'Answer briefly.' });
const answer: string = await agent.turn('What is 17 * 23?');
const last: string | undefined = agent.lastAssistantContent();
await agent.close();
process.stdout.write(JSON.stringify({ answer, last, modelId: model.modelId, tokens: formatTokens(1234) }));
`;

let server: ScriptedServer | undefined;
after(async () => {
  await server?.close();
});

/** A new project outside the monorepo (not a workspace) with the tarballs of `folders` installed. */
async function install(project: string, folders: readonly string[]): Promise<string> {
  const path = join(dir, project);
  await mkdir(path);
  await writeFile(
    join(path, 'package.json'),
    `${JSON.stringify({ name: project, private: true, type: 'module' })}\n`,
  );
  const names = new Set(folders.map((f) => (f === 'cli' ? 'kodama' : `@kodama/${f}`)));
  const tarballs = packed.filter((p) => names.has(p.name)).map((p) => join(dir, p.filename));
  assert.equal(tarballs.length, folders.length);
  // Their registry dependencies come from npm's cache when `npm ci` has filled it,
  // else from the registry.
  await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs],
    {
      cwd: path,
      env: plainEnv(),
    },
  );
  return path;
}

test('installed outside the monorepo, the packages type-check under --strict and answer on plain Node', async () => {
  const project = await install('library', LIBRARY);
  // The AI SDK providers are optional peers: an openai-compatible target works without them.
  for (const optional of [
    '@ai-sdk/openai',
    '@ai-sdk/anthropic',
    '@ai-sdk/google',
    '@ai-sdk/openai-compatible',
  ]) {
    assert.ok(!existsSync(join(project, 'node_modules', optional)), `${optional} was installed`);
  }
  await writeFile(join(project, 'check.ts'), PROGRAM);
  // The monorepo's TypeScript and Node types; everything else resolves from the project.
  // Declarations are checked too (no skipLibCheck), but only errors in the program or
  // in our packages count: @ai-sdk/provider's declarations need @types/json-schema,
  // which it does not declare, and that is not a packaging fault of ours.
  const typeRoot = join(ROOT, 'node_modules', '@types');
  const compile = await run(
    process.execPath,
    [
      TSC,
      '--strict',
      '--skipLibCheck',
      'false',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--typeRoots',
      typeRoot,
      '--types',
      'node',
      '--outDir',
      'out',
      'check.ts',
    ],
    { cwd: project, env: plainEnv() },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  const diagnostics = compile.stdout.split(/\n(?=\S)/).filter((d) => d.trim() !== '');
  const ours = diagnostics.filter(
    (d) => !d.startsWith('node_modules/') || d.startsWith('node_modules/@kodama/'),
  );
  assert.deepEqual(
    ours,
    [],
    `tsc --strict reports errors in the program or in @kodama/*:\n${compile.stdout}`,
  );
  assert.ok(existsSync(join(project, 'out', 'check.js')), `tsc wrote no JavaScript:\n${compile.stdout}`);

  server = await startOpenAICompatibleServer({
    script: [{ text: '17 * 23 = 391.' }],
    models: ['scripted-model'],
  });
  const { stdout } = await run(process.execPath, [join(project, 'out', 'check.js'), server.url], {
    cwd: project,
    env: plainEnv(),
  });
  assert.deepEqual(JSON.parse(stdout), {
    answer: '17 * 23 = 391.',
    last: '17 * 23 = 391.',
    modelId: 'scripted-model',
    tokens: '1.2k', // from a subpath entry (@kodama/core/listeners) of the packed package
  });
  assert.equal(server.modelCalls.length, 1);
  const body = server.modelCalls[0]?.body as { messages: Array<{ role: string; content: unknown }> };
  assert.deepEqual(
    body.messages.map((m) => m.role),
    ['system', 'user'],
  );
  // The program ran the installed copies, not the monorepo's.
  const installed = JSON.parse(
    await readFile(join(project, 'node_modules', '@kodama', 'core', 'package.json'), 'utf8'),
  ) as { name: string };
  assert.equal(installed.name, '@kodama/core');
  assert.ok(!existsSync(join(project, 'node_modules', '@kodama', 'core', 'src')));
});

test('the kodama command installed from its tarball runs on plain Node, without tsx', async () => {
  const project = await install('command', COMMAND);
  assert.ok(!existsSync(join(project, 'node_modules', 'tsx')), 'tsx was installed');
  const kodama = join(project, 'node_modules', '.bin', 'kodama');
  const home = join(dir, 'home');
  const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, 'config') };
  const { version } = JSON.parse(
    await readFile(join(ROOT, 'packages', 'cli', 'package.json'), 'utf8'),
  ) as Manifest;
  assert.equal((await run(kodama, ['--version'], { cwd: project, env })).stdout, `kodama ${version}\n`);

  const calculator = await startOpenAICompatibleServer({
    script: [
      { toolCalls: [{ name: 'calculator', arguments: { expression: '17 * 23' } }] },
      { text: '17 * 23 = 391.' },
    ],
    models: ['scripted-model'],
  });
  try {
    const target = `openai-compatible:${calculator.url}/v1@scripted-model`;
    const { stdout } = await run(kodama, ['ask', '--model', target, 'What is 17 * 23?'], {
      cwd: project,
      env,
    });
    assert.equal(stdout.trim(), '17 * 23 = 391.');
    const second = calculator.modelCalls[1]?.body as { messages: Array<{ role: string; content: unknown }> };
    assert.equal(second.messages.find((m) => m.role === 'tool')?.content, '391');
  } finally {
    await calculator.close();
  }
});
