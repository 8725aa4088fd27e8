// `kodama run <file> <prompt>` through the real bin on plain Node: a module's
// default export (an agent, an assembly; .ts through tsx, .mjs as it is) is
// asked over real HTTP against a scripted server, streamed like `kodama ask`,
// and the exit status follows the Run's outcome.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { RecordedRequest } from '@kodama/testkit';
import { BIN, isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/run/${name}`, import.meta.url));
const modelEnv = (url: string) => isolatedEnv({ KODAMA_MODEL: `openai-compatible:${url}/v1@scripted-model` });

/** The agent a request is for, from its system prompt ("You are <name>."). */
function agentOf(request: RecordedRequest): string {
  const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
  const system = String(messages.find((m) => m.role === 'system')?.content ?? '');
  return /You are ([\w-]+)\./.exec(system)?.[1] ?? '?';
}

/** The JSON lines of `--json` output. */
function events(stdout: string): { type: string; [key: string]: unknown }[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

for (const file of ['agent.ts', 'agent.mjs']) {
  test(`an agent exported by a ${file.split('.')[1]} module answers the prompt: the answer on stdout, exit 0`, async () => {
    const server = await serve([{ text: 'Seventeen times twenty-three is 391.' }]);
    const out = await runKodama(['run', fixture(file), 'What', 'is', '17 * 23?'], modelEnv(server.url));
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stdout, 'Seventeen times twenty-three is 391.\n');
    const body = server.modelCalls[0]?.body as { messages: { role: string; content: unknown }[] };
    assert.equal(body.messages.at(-1)?.content, 'What is 17 * 23?', 'the prompt is the words after the file');
  });
}

test('an assembly streams its steps on stderr and its final answer on stdout', async () => {
  const server = await serve((r) => ({
    text: agentOf(r) === 'drafter' ? 'A rough draft.' : 'The final text.',
  }));
  const out = await runKodama(['run', fixture('two-step.ts'), 'Write it'], modelEnv(server.url));
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout, 'The final text.\n', 'only the finish node speaks on stdout');
  assert.match(out.stderr, /▸ draft\n✓ draft \(1 attempt, \d+ tokens\)\n {2}draft → final\n▸ final\n✓ final/);
  assert.doesNotMatch(out.stderr, /A rough draft/, 'intermediate answers only with --verbose');
  const verbose = await runKodama(
    ['run', '--verbose', fixture('two-step.ts'), 'Write it'],
    modelEnv(server.url),
  );
  assert.equal(verbose.code, 0, verbose.stderr);
  assert.match(verbose.stderr, / {2}\[draft\] Write it\n {2}A rough draft\.\n/);
  assert.equal(verbose.stdout, 'The final text.\n');
});

test('--json prints every event of the Run as a JSON line, from run-start to the terminal event', async () => {
  const server = await serve((r) => ({ text: `${agentOf(r)} done` }));
  const out = await runKodama(['run', '--json', fixture('two-step.ts'), 'Go'], modelEnv(server.url));
  assert.equal(out.code, 0, out.stderr);
  const all = events(out.stdout);
  assert.equal(all[0]?.type, 'run-start');
  assert.deepEqual([all.at(-1)?.type, all.at(-1)?.outcome], ['run-end', 'completed']);
  assert.equal(all.at(-1)?.response, 'finisher done');
  const starts = all.filter((e) => e.type === 'assembly-step-start').map((e) => e.participant);
  assert.deepEqual(starts, ['draft', 'final']);
  const nested = all.filter((e) => e.type === 'agent-stream').map((e) => (e.source as { path: string }).path);
  assert.ok(nested.includes('/draft'), "the intermediate participant's events are nested under its path");
});

test('the deadline ends an assembly partial: exit 3, the answer complete by then on stdout', async () => {
  const server = await serve((r) =>
    agentOf(r) === 'drafter'
      ? { text: 'The draft made it.' }
      : { text: 'This final answer streams far too slowly to finish.', chunkSize: 1, chunkDelayMs: 500 },
  );
  const out = await runKodama(
    ['run', '--deadline', '6s', fixture('two-step.ts'), 'Go'],
    modelEnv(server.url),
  );
  assert.equal(out.code, 3, out.stderr);
  // What streamed of the cut answer stays, on a line of its own; the complete answer comes last.
  assert.match(out.stdout, /^(?:T[^\n]*\n)?The draft made it\.\n$/);
  assert.match(out.stderr, /deadline reached/);
});

test('a failed Run exits 1 and says why', async () => {
  const server = await serve([{ fault: 'http', status: 400, body: '{"error":{"message":"bad model"}}' }]);
  const out = await runKodama(['run', fixture('agent.ts'), 'hi'], modelEnv(server.url));
  assert.equal(out.code, 1);
  assert.match(out.stderr, /kodama: model call failed: .*400/);
});

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  test(`${signal} cancels the Run: exit ${code}`, async () => {
    const server = await serve([{ fault: 'hang' }]);
    const child = spawn(process.execPath, [BIN, 'run', fixture('agent.ts'), 'wait'], {
      env: modelEnv(server.url),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    while (server.modelCalls.length === 0) await new Promise((r) => setTimeout(r, 20));
    child.kill(signal);
    assert.equal(await exited, code, stderr);
    assert.match(stderr, /kodama: cancelled/);
  });
}

test('a default export that is not runnable is a usage error saying what was found and what is expected', async () => {
  const number = await runKodama(['run', fixture('not-runnable.ts'), 'hi'], isolatedEnv());
  assert.equal(number.code, 2);
  assert.match(number.stderr, /the default export of .*not-runnable\.ts is a number \(42\)/);
  assert.match(number.stderr, /needs an agent or an assembly \(new Agent\(\.\.\.\), workflow\(\.\.\.\)/);
  const none = await runKodama(['run', fixture('no-default.ts'), 'hi'], isolatedEnv());
  assert.equal(none.code, 2);
  assert.match(
    none.stderr,
    /is nothing \(the module has no default export; it exports agentFactory, version\)/,
  );
});

test('a module that throws while loading exits 1 with its error; a missing file exits 2', async () => {
  const thrown = await runKodama(['run', fixture('throws.ts'), 'hi'], isolatedEnv());
  assert.equal(thrown.code, 1);
  assert.match(thrown.stderr, /could not load .*throws\.ts: RangeError: the config says 0 researchers/);
  const missing = await runKodama(['run', 'nowhere/agent.ts', 'hi'], isolatedEnv());
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no such file: nowhere\/agent\.ts/);
});

test('usage errors: no prompt, an unsupported file, a bad deadline; --help prints the usage', async () => {
  const noPrompt = await runKodama(['run', fixture('agent.ts')], isolatedEnv());
  assert.equal(noPrompt.code, 2);
  assert.match(noPrompt.stderr, /kodama run needs a prompt after the file/);
  const python = await runKodama(['run', 'agent.py', 'hi'], isolatedEnv());
  assert.equal(python.code, 2);
  assert.match(python.stderr, /kodama run loads \.ts, \.mts, \.js, \.mjs modules, not "agent\.py"/);
  const deadline = await runKodama(['run', '--deadline', 'soon', fixture('agent.ts'), 'hi'], isolatedEnv());
  assert.equal(deadline.code, 2);
  assert.match(deadline.stderr, /--deadline must be a duration/);
  for (const argv of [
    ['run', '--help'],
    ['help', 'run'],
  ]) {
    const help = await runKodama(argv, isolatedEnv());
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^Usage: kodama run <file\.ts\|file\.js> \[options\] "<prompt>"\n/);
    assert.match(help.stdout, /--deadline <time>/);
  }
});
