// The assistant's and `kodama ask`'s settings are resolved once: each
// configuration file is read exactly once per start (counted through the
// reading seam), and each setting follows one rule: a flag beats the
// environment, which beats the (trusted) project's file, which beats the user's.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { test } from 'node:test';
import { parseCliArgs } from '../src/args.ts';
import type { AskArgs } from '../src/ask-args.ts';
import { resolveAssistantSpec } from '../src/assistant-spec.ts';
import type { CliIO } from '../src/cli-io.ts';
import type { ConfigFs } from '../src/config-files.ts';
import { type InteractiveArgs, parseInteractive } from '../src/interactive-args.ts';
import { resolveAgentSpec } from '../src/resolve-spec.ts';

/** A folder with a user configuration home; the files live only in `files` (read through the counting seam). */
async function world(user: unknown, project: unknown, env: Record<string, string> = {}) {
  const root = await mkdtemp(join(tmpdir(), 'kodama-spec-'));
  const configHome = join(root, '.config-home');
  const texts = new Map<string, string>();
  if (user !== undefined) texts.set(join(configHome, 'kodama', 'config.json'), JSON.stringify(user));
  if (project !== undefined) texts.set(join(root, '.kodama', 'config.json'), JSON.stringify(project));
  const reads = new Map<string, number>();
  const fs: ConfigFs = {
    async readText(path) {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return texts.get(path);
    },
  };
  const sink = new Writable({ write: (_c, _e, done) => done() });
  const io: CliIO = {
    env: {
      HOME: join(root, '.home'),
      XDG_CONFIG_HOME: configHome,
      XDG_DATA_HOME: join(root, '.data'),
      XDG_STATE_HOME: join(root, '.state'),
      ...env,
    },
    stdout: sink,
    stderr: sink,
    stdin: Object.assign(Readable.from([]), { isTTY: false }),
  };
  return { root, fs, reads, io };
}

const interactiveArgs = (argv: string[]): InteractiveArgs => parseInteractive(argv);

test('an assistant start reads the user file and the project file once each', async () => {
  const w = await world({ model: 'openai:user-model' }, { model: 'openai:project-model' });
  await resolveAssistantSpec(interactiveArgs(['-p', 'hi', '--root', w.root, '--trust']), w.io, {
    say: () => {},
    fs: w.fs,
  });
  assert.deepEqual(
    [...w.reads.entries()].sort(),
    [
      [join(w.io.env.XDG_CONFIG_HOME ?? '', 'kodama', 'config.json'), 1],
      [join(w.root, '.kodama', 'config.json'), 1],
    ].sort(),
  );
});

test('a kodama ask start reads the user file and the project file once each', async () => {
  const w = await world({ memory: true }, { tools: ['calculator'] });
  const args = parseCliArgs(['ask', 'hi', '--root', w.root]) as AskArgs;
  const spec = await resolveAgentSpec(args, w.io, { memoryByConfig: true, fs: w.fs });
  assert.equal(spec.memory, true);
  assert.deepEqual([...w.reads.values()], [1, 1]);
  assert.ok(Object.isFrozen(spec));
});

test('the model: a flag beats the environment, which beats the trusted project, which beats the user', async () => {
  const resolveModel = async (argv: string[], env: Record<string, string>, trust: boolean) => {
    const w = await world({ model: 'openai:user' }, { model: 'openai:project' }, env);
    const flags = ['-p', 'hi', '--root', w.root, ...(trust ? ['--trust'] : []), ...argv];
    return (await resolveAssistantSpec(interactiveArgs(flags), w.io, { say: () => {}, fs: w.fs })).model;
  };
  const env = { KODAMA_MODEL: 'openai:env' };
  assert.equal(await resolveModel(['--model', 'openai:flag'], env, true), 'openai:flag');
  assert.equal(await resolveModel([], env, true), 'openai:env');
  assert.equal(await resolveModel([], {}, true), 'openai:project');
  const onlyUser = await world({ model: 'openai:user' }, { theme: 'plain' });
  const spec = await resolveAssistantSpec(
    interactiveArgs(['-p', 'hi', '--root', onlyUser.root]),
    onlyUser.io,
    {
      say: () => {},
      fs: onlyUser.fs,
    },
  );
  assert.equal(spec.model, 'openai:user');
  // Not trusted (no terminal to ask on, no answer remembered): the project's model is refused outright.
  await assert.rejects(resolveModel([], {}, false), { name: 'ProjectTrustError' });
});

test('the embedding target and memory follow the same order; an untrusted project only narrows', async () => {
  const w = await world(
    { embed: 'ollama:user-embed', memory: true },
    { embed: 'ollama:project-embed', memory: false },
  );
  const trusted = await resolveAssistantSpec(
    interactiveArgs(['-p', 'hi', '--root', w.root, '--trust']),
    w.io,
    {
      say: () => {},
      fs: w.fs,
    },
  );
  assert.equal(trusted.embed, 'ollama:project-embed');
  assert.equal(trusted.memory, false);
  const flagged = await resolveAssistantSpec(
    interactiveArgs(['-p', 'hi', '--root', w.root, '--trust', '--memory']),
    { ...w.io, env: { ...w.io.env, KODAMA_EMBED: 'ollama:env-embed' } },
    { say: () => {}, fs: w.fs },
  );
  assert.equal(flagged.embed, 'ollama:env-embed');
  assert.equal(flagged.memory, true);
  // `memory: false` narrows, so it applies untrusted; the embedding target would widen, so it does not.
  const u = await world({ embed: 'ollama:user-embed', memory: true }, { memory: false, theme: 'plain' });
  const untrusted = await resolveAssistantSpec(interactiveArgs(['-p', 'hi', '--root', u.root]), u.io, {
    say: () => {},
    fs: u.fs,
  });
  assert.equal(untrusted.trusted, false);
  assert.equal(untrusted.memory, false);
  assert.equal(untrusted.theme, 'plain');
  assert.equal(untrusted.embed, 'ollama:user-embed');
});

test('codeMode: an untrusted project may turn it off, never on; trusted, it decides; the flag beats both', async () => {
  const spec = async (user: unknown, project: unknown, ...flags: string[]) => {
    const w = await world(user, project);
    const args = interactiveArgs(['-p', 'hi', '--root', w.root, ...flags]);
    return (await resolveAssistantSpec(args, w.io, { say: () => {}, fs: w.fs })).codeMode;
  };
  // Turning it on is a widening: with no one to ask and no answer remembered, -p refuses to start;
  // an untrusted folder's file is narrowed, and code mode turned on is dropped.
  await assert.rejects(spec({}, { codeMode: true }), { name: 'ProjectTrustError' });
  const { narrowedConfig } = await import('../src/config.ts');
  assert.deepEqual(narrowedConfig({ codeMode: true, theme: 'plain' }, []), { theme: 'plain' });
  assert.deepEqual(narrowedConfig({ codeMode: false }, []), { codeMode: false });
  assert.equal(await spec({ codeMode: true }, { codeMode: false }), false, 'off narrows, so it applies');
  assert.equal(await spec({ codeMode: true }, undefined), true);
  assert.equal(await spec({}, { codeMode: true }, '--trust'), true);
  assert.equal(await spec({ codeMode: true }, { codeMode: true }, '--trust', '--no-code-mode'), false);
  assert.equal(await spec({}, undefined, '--code-mode'), true);
  const { validateConfig } = await import('../src/config.ts');
  assert.throws(
    () => validateConfig('c.json', { codeMode: 'yes' }),
    /c\.json: "codeMode" must be true or false/,
  );
});

test("a project's codeMode: true is a widening the trust question names; false is not", async () => {
  const { projectConfigPlan } = await import('../src/project-config-plan.ts');
  const read = (config: Record<string, unknown> | undefined, path: string) => ({
    path,
    text: JSON.stringify(config),
    config,
    error: undefined,
  });
  const plan = async (user: Record<string, unknown>, project: Record<string, unknown>) => {
    const root = await mkdtemp(join(tmpdir(), 'kodama-plan-'));
    const files = { user: read(user, 'u.json'), project: read(project, join(root, '.kodama/config.json')) };
    return (await projectConfigPlan(root, {}, { files, tools: [] })).widening.map((w) => w.what);
  };
  assert.deepEqual(await plan({}, { codeMode: true }), [
    'would turn code mode on (the model would run programs that call its tools)',
  ]);
  assert.deepEqual(await plan({ codeMode: true }, { codeMode: true }), [], 'the user has it on already');
  assert.deepEqual(await plan({}, { codeMode: false }), []);
});

test('no module but config-files.ts opens a configuration file', async () => {
  const { readdir, readFile } = await import('node:fs/promises');
  const dir = new URL('../src/', import.meta.url);
  const offenders: string[] = [];
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.ts') || name === 'config-files.ts') continue;
    const text = await readFile(new URL(name, dir), 'utf8');
    const reads = /\breadFile(Sync)?\(/.test(text);
    // A module that reads files and asks where a configuration file lives would be a second reader.
    if (reads && /\b(configPath|projectConfigPath)\(/.test(text)) offenders.push(name);
  }
  assert.deepEqual(offenders, []);
});

test("a project's diagnostics command runs code, so it widens: refused untrusted without a terminal, kept when trusted; the user's applies anywhere", async () => {
  const project = { diagnostics: { command: 'node evil.js' } };
  const w = await world(undefined, project);
  const args = interactiveArgs(['-p', 'hi', '--root', w.root]);
  await assert.rejects(resolveAssistantSpec(args, w.io, { say: () => {}, fs: w.fs }), (error: Error) => {
    assert.equal(error.name, 'ProjectTrustError');
    assert.match(error.message, /\.kodama\/config\.json would run after each edit: node evil\.js/);
    return true;
  });
  const trusted = await resolveAssistantSpec(
    interactiveArgs(['-p', 'hi', '--root', w.root, '--trust']),
    w.io,
    {
      say: () => {},
      fs: w.fs,
    },
  );
  assert.deepEqual(trusted.config.diagnostics, project.diagnostics);
  const u = await world({ diagnostics: { command: 'npx tsc --noEmit -p .' } }, undefined);
  const own = await resolveAssistantSpec(interactiveArgs(['-p', 'hi', '--root', u.root]), u.io, {
    say: () => {},
    fs: u.fs,
  });
  assert.deepEqual(own.config.diagnostics, { command: 'npx tsc --noEmit -p .' });
});
