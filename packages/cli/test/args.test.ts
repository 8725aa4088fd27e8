import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseCliArgs } from '../src/args.ts';
import { configPath } from '../src/config.ts';
import { loadConfig } from '../src/config-files.ts';
import { DEFAULT_TOOLS, UsageError } from '../src/parse-support.ts';

test('ask takes the prompt and every option', () => {
  const args = parseCliArgs([
    'ask',
    '--model',
    'ollama:qwen3',
    '--tools',
    'calculator, fetch',
    '--json',
    '--root',
    '/tmp/x',
    '--yes',
    '--sandbox',
    'bubblewrap',
    '--max-steps',
    '7',
    '--max-tokens',
    '512',
    '--deadline',
    '1m30s',
    '--output-schema',
    'answer.schema.json',
    '--no-skills',
    'What is',
    '2+2?',
  ]);
  assert.deepEqual(args, {
    command: 'ask',
    prompt: 'What is 2+2?',
    model: 'ollama:qwen3',
    tools: ['calculator', 'fetch'],
    json: true,
    root: '/tmp/x',
    yes: true,
    yesAll: false,
    agents: undefined,
    sandbox: 'bubblewrap',
    maxSteps: 7,
    maxTokens: 512,
    deadlineMs: 90_000,
    session: undefined,
    continue: false,
    store: 'jsonl',
    outputSchema: 'answer.schema.json',
    skills: false,
    mcpConnect: [],
    mcpScreen: true,
    permissionMode: undefined,
    outputFormat: 'text',
    inputFormat: 'text',
  });
});

test('ask defaults to the calculator and no model', () => {
  const args = parseCliArgs(['ask', 'hi']);
  assert.equal(args.command, 'ask');
  if (args.command !== 'ask') return;
  assert.deepEqual(args.tools, DEFAULT_TOOLS);
  assert.equal(args.model, undefined);
  assert.equal(args.json, false);
});

test('bad command lines are UsageErrors that say what to type', () => {
  // `kodama ask` alone parses: the prompt may come on stdin (a missing one is refused once stdin is read).
  assert.equal((parseCliArgs(['ask']) as { prompt: string }).prompt, '');
  assert.throws(() => parseCliArgs(['frobnicate']), /unknown command "frobnicate"/);
  assert.throws(() => parseCliArgs(['ask', '--bogus', 'x']), UsageError);
  assert.throws(() => parseCliArgs(['ask', '--max-steps', '0', 'x']), /positive integer/);
  assert.throws(() => parseCliArgs(['help', 'frobnicate']), /unknown command "frobnicate"/);
  assert.throws(() => parseCliArgs(['version', 'extra']), UsageError);
});

test('an unknown --sandbox is a usage error at parsing, whatever the tools', () => {
  for (const tools of ['calculator', 'bash', 'read,write']) {
    assert.throws(
      () => parseCliArgs(['ask', '--tools', tools, '--sandbox', 'docker', 'hi']),
      (e: unknown) =>
        e instanceof UsageError &&
        e.topic === 'ask' &&
        e.message === 'unknown sandbox "docker". Use --sandbox none or --sandbox bubblewrap',
    );
  }
  const none = parseCliArgs(['ask', '--sandbox', 'none', 'hi']);
  assert.equal(none.command === 'ask' && none.sandbox, 'none');
});

test('--help and -h ask for the usage of kodama or of the command they follow', () => {
  assert.deepEqual(parseCliArgs([]), { command: 'help', topic: 'kodama' });
  assert.deepEqual(parseCliArgs(['--help']), { command: 'help', topic: 'kodama' });
  assert.deepEqual(parseCliArgs(['-h']), { command: 'help', topic: 'kodama' });
  assert.deepEqual(parseCliArgs(['help']), { command: 'help', topic: 'kodama' });
  assert.deepEqual(parseCliArgs(['help', 'ask']), { command: 'help', topic: 'ask' });
  for (const flag of ['--help', '-h']) {
    assert.deepEqual(parseCliArgs(['ask', flag]), { command: 'help', topic: 'ask' });
    assert.deepEqual(parseCliArgs(['ask', '--bogus', 'x', flag]), { command: 'help', topic: 'ask' });
    assert.deepEqual(parseCliArgs(['help', flag]), { command: 'help', topic: 'help' });
    assert.deepEqual(parseCliArgs(['version', flag]), { command: 'help', topic: 'version' });
  }
  // After `--` it is prompt text.
  const args = parseCliArgs(['ask', '--', '--help']);
  assert.equal(args.command === 'ask' && args.prompt, '--help');
});

test('--version, -v and version ask for the version', () => {
  for (const argv of [['--version'], ['-v'], ['version']])
    assert.deepEqual(parseCliArgs(argv), { command: 'version' });
});

test('the configuration file follows XDG and reports malformed JSON with its path', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-config-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const env = { XDG_CONFIG_HOME: dir };
  assert.equal(configPath(env), join(dir, 'kodama', 'config.json'));
  assert.equal(configPath({ HOME: '/home/u' }), '/home/u/.config/kodama/config.json');
  assert.deepEqual(await loadConfig(env), {});
  await mkdir(join(dir, 'kodama'));
  await writeFile(join(dir, 'kodama', 'config.json'), '{"webSearch": {"braveApiKey": "k"}}');
  assert.deepEqual(await loadConfig(env), { webSearch: { braveApiKey: 'k' } });
  await writeFile(join(dir, 'kodama', 'config.json'), '{"webSearch": {"braveApiKey": 42}}');
  await assert.rejects(loadConfig(env), /"webSearch.braveApiKey" must be a string/);
  await writeFile(join(dir, 'kodama', 'config.json'), '{"cacheDir": 7}');
  await assert.rejects(loadConfig(env), /"cacheDir" must be a directory path/);
  await writeFile(join(dir, 'kodama', 'config.json'), '{"cacheDir": null}');
  assert.deepEqual(await loadConfig(env), { cacheDir: null });
  await writeFile(join(dir, 'kodama', 'config.json'), '{oops');
  await assert.rejects(loadConfig(env), (e: Error) => e.message.includes(join(dir, 'kodama', 'config.json')));
});

test('session flags: --session or --continue (not both), --store jsonl or sqlite', () => {
  const args = parseCliArgs(['ask', '--session', 'work', '--store', 'sqlite', 'hi']);
  assert.ok(args.command === 'ask');
  assert.equal(args.session, 'work');
  assert.equal(args.store, 'sqlite');
  assert.throws(() => parseCliArgs(['ask', '--session', 'a', '--continue', 'hi']), /not both/);
  assert.throws(() => parseCliArgs(['ask', '--store', 'redis', 'hi']), /unknown store "redis"/);
  assert.deepEqual(parseCliArgs(['sessions']), {
    command: 'sessions',
    action: 'list',
    id: undefined,
    json: false,
    store: 'jsonl',
  });
  assert.throws(() => parseCliArgs(['sessions', 'show']), /needs a session id/);
  assert.throws(() => parseCliArgs(['sessions', 'drop', 'x']), /unknown sessions action/);
  assert.deepEqual(parseCliArgs(['sessions', '--help']), { command: 'help', topic: 'sessions' });
});

test('--yes=all also approves tainted egress; --agents needs the agent tool; trifecta takes the same tool flags', () => {
  const ask = parseCliArgs(['ask', '--yes=all', '--tools', 'read,agent', '--agents', 'p.yaml', 'go']);
  assert.equal(ask.command, 'ask');
  if (ask.command !== 'ask') return;
  assert.deepEqual([ask.yes, ask.yesAll, ask.agents, ask.tools], [true, true, 'p.yaml', ['read', 'agent']]);
  const plain = parseCliArgs(['ask', '-y', 'go']);
  assert.ok(plain.command === 'ask' && plain.yes && !plain.yesAll);
  assert.ok((parseCliArgs(['ask', '--', '--yes=all']) as { prompt: string }).prompt === '--yes=all');
  assert.throws(() => parseCliArgs(['ask', '--agents', 'p.yaml', 'go']), /add agent to --tools/);
  assert.deepEqual(parseCliArgs(['trifecta', '--tools', 'read,bash', '--yes', '--no-skills', '--json']), {
    command: 'trifecta',
    tools: ['read', 'bash'],
    root: undefined,
    yes: true,
    yesAll: false,
    sandbox: undefined,
    agents: undefined,
    skills: false,
    mcpConnect: [],
    mcpScreen: true,
    json: true,
  });
  assert.throws(() => parseCliArgs(['trifecta', 'extra']), /takes no arguments/);
  assert.deepEqual(parseCliArgs(['trifecta', '--help']), { command: 'help', topic: 'trifecta' });
});
