// kodama replay: a stored session asked again step by step, tool results frozen from the recording.
// Real HTTP against testkit servers; sessions recorded by kodama ask, or written by hand as an
// untrusted sender would (a bash call that would create a marker file).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { defaultSessionDir, JsonlSessionStore } from '@kodama/core/session';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const dirs: string[] = [];
after(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-replay-test-'));
  dirs.push(dir);
  return dir;
}

const calc = (expression: string) => ({
  toolCalls: [{ name: 'calculator', arguments: { expression } }],
  usage: { inputTokens: 100, outputTokens: 10 },
});
const answer = (text: string) => ({ text, usage: { inputTokens: 120, outputTokens: 8 } });

/** A data home with session `math` recorded by kodama ask: two turns, three model steps. */
async function recorded(): Promise<{ env: NodeJS.ProcessEnv; dir: string }> {
  const dir = await tempDir();
  const env = isolatedEnv({ XDG_DATA_HOME: dir });
  const server = await serve([calc('6 * 7'), answer('The answer is 42.'), answer('You asked about 6 * 7.')]);
  const model = ['--model', `openai-compatible:${server.url}/v1`];
  const first = await runKodama(['ask', ...model, '--session', 'math', 'What is 6 * 7?'], env);
  assert.equal(first.code, 0, first.stderr);
  const second = await runKodama(['ask', ...model, '--session', 'math', 'What did I ask?'], env);
  assert.equal(second.code, 0, second.stderr);
  return { env, dir };
}

test('a replay without --model reproduces the recorded answers: a table per turn, exit 0', async () => {
  const { env } = await recorded();
  const out = await runKodama(['replay', 'math'], env);
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /^replay of session math: recorded openai-compatible:scripted-model/);
  assert.match(out.stdout, /\nturn 1\nSTEP\s+RECORDED\s+REPLAYED\s+TOKENS IN\/OUT \(REC \| NEW\)\s+COST/);
  assert.match(
    out.stdout,
    /\n1\s+calculator \{"expression":"6 \* 7"\}\s+calculator \{"expression":"6 \* 7"\}\s+100\/10 \| 100\/10/,
  );
  assert.match(
    out.stdout,
    /\n2\s+answer "The answer is 42\."\s+answer "The answer is 42\."\s+120\/8 \| 120\/8\s+- \| -\s+same/,
  );
  assert.match(out.stdout, /\ntotal\s+220\/18 \| 220\/18/);
  assert.match(out.stdout, /\nturn 2\n/);
  assert.match(out.stdout, /\nidentical: 3 steps in 2 turns replayed the same\n$/);

  const json = await runKodama(['replay', 'math', '--json'], env);
  assert.equal(json.code, 0, json.stderr);
  const report = JSON.parse(json.stdout) as { identical: boolean; turns: { steps: unknown[] }[] };
  assert.equal(report.identical, true);
  assert.deepEqual(
    report.turns.map((t) => t.steps.length),
    [2, 1],
  );
});

test('a replay against another model (--model) stops at the step that diverges and reports it, exit 1', async () => {
  const { env } = await recorded();
  // The same first step, then another expression: turn 1 step 1 passes, step 2 is not asked.
  const other = await serve([calc('6 * 7'), calc('7 * 6'), answer('never asked')]);
  const out = await runKodama(['replay', 'math', '--model', `openai-compatible:${other.url}/v1`], env);
  assert.equal(out.code, 1, out.stderr);
  assert.match(
    out.stdout,
    /\ndiverged at turn 1 step 2: recorded answer "The answer is 42\.", replayed calculator \{"expression":"7 \* 6"\}\n1 recorded step not replayed\n$/,
  );
  assert.match(out.stdout, /\n2\s+answer "The answer is 42\."\s+calculator .*differs \(tool\)/);
  assert.equal(other.modelCalls.length, 2, 'the replay stops at the divergence');
  // Step 2 was asked with the recorded conversation: the recorded call and its recorded result.
  const sent = other.modelCalls[1]?.body as {
    messages: { role: string; content: unknown }[];
    tools?: { function: { name: string; description: string } }[];
  };
  assert.deepEqual(
    sent.messages.map((m) => m.role),
    ['system', 'user', 'assistant', 'tool'],
  );
  assert.equal(sent.messages[3]?.content, '42');
  assert.match(String(sent.messages[0]?.content), /You are kodama/);
  // A real model is told the recorded tools as kodama describes them.
  assert.equal(sent.tools?.[0]?.function.name, 'calculator');
  assert.doesNotMatch(sent.tools?.[0]?.function.description ?? '', /recorded session/);

  const again = await serve([calc('6 * 7'), calc('7 * 6')]);
  const json = await runKodama(['replay', 'math', '--json', '-m', `openai-compatible:${again.url}/v1`], env);
  const report = JSON.parse(json.stdout) as { identical: boolean; divergence: Record<string, unknown> };
  assert.equal(json.code, 1);
  assert.equal(report.identical, false);
  assert.deepEqual(report.divergence, {
    kind: 'tool',
    recorded: 'answer "The answer is 42."',
    replayed: 'calculator {"expression":"7 * 6"}',
    turn: 1,
    step: 2,
  });
});

test('different arguments and a different answer are divergences too; --prompt-file replaces the system prompt', async () => {
  const { env } = await recorded();
  const dir = await tempDir();
  const prompt = join(dir, 'prompt.txt');
  await writeFile(prompt, 'You are terse.');
  const args = await serve([calc('6*7')]);
  const out = await runKodama(['replay', 'math', '--model', `openai-compatible:${args.url}/v1`], env);
  assert.equal(out.code, 1);
  assert.match(
    out.stdout,
    /diverged at turn 1 step 1: recorded calculator \{"expression":"6 \* 7"\}, replayed calculator \{"expression":"6\*7"\}/,
  );
  assert.match(out.stdout, /differs \(arguments\)/);

  const text = await serve([calc('6 * 7'), answer('The answer is 42.'), answer('You asked for 42.')]);
  const url = `openai-compatible:${text.url}/v1`;
  const other = await runKodama(['replay', 'math', '--model', url, '--prompt-file', prompt], env);
  assert.equal(other.code, 1);
  assert.match(
    other.stdout,
    /diverged at turn 2 step 1: recorded answer "You asked about 6 \* 7\.", replayed answer "You asked for 42\."\n$/,
  );
  const sent = text.modelCalls[0]?.body as { messages: { role: string; content: unknown }[] };
  assert.equal(sent.messages[0]?.content, 'You are terse.');
});

test('--save writes the replay as a testkit script; served by the testkit, the session replays the same (exit 0)', async () => {
  const { env } = await recorded();
  const dir = await tempDir();
  const script = join(dir, 'math.json');
  const saved = await runKodama(['replay', 'math', '--save', script], env);
  assert.equal(saved.code, 0, saved.stderr);
  const replies = JSON.parse(await readFile(script, 'utf8')) as Record<string, unknown>[];
  assert.equal(replies.length, 3);
  assert.deepEqual(replies[1], { text: 'The answer is 42.', usage: { inputTokens: 120, outputTokens: 8 } });

  // The script file as a test would use it: served over HTTP, the replay against it passes.
  const server = await serve(replies);
  const replayed = await runKodama(['replay', 'math', '--model', `openai-compatible:${server.url}/v1`], env);
  assert.equal(replayed.code, 0, replayed.stdout + replayed.stderr);
  assert.match(replayed.stdout, /identical: 3 steps in 2 turns/);
  // And in-process, without a server.
  const inProcess = await runKodama(['replay', 'math', '--script', script], env);
  assert.equal(inProcess.code, 0, inProcess.stderr);

  // A script whose answer changed fails the same check: the test can fail.
  const changed = [...replies.slice(0, 2), { text: 'Something else.' }];
  await writeFile(script, JSON.stringify(changed));
  const failing = await runKodama(['replay', 'math', '--script', script], env);
  assert.equal(failing.code, 1);
  assert.match(failing.stdout, /diverged at turn 2 step 1/);
});

test('a replay never runs a tool: a recorded bash call that creates a marker file leaves none', async () => {
  const dir = await tempDir();
  const env = isolatedEnv({ XDG_DATA_HOME: dir });
  const marker = join(dir, 'marker');
  const other = join(dir, 'other-marker');
  const bash = (file: string) => ({ toolCalls: [{ name: 'bash', arguments: { command: `touch ${file}` } }] });
  const script = [bash(marker), { text: 'Done.' }];
  const server = await serve(script);
  const recording = await runKodama(
    [
      'ask',
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--tools',
      'bash',
      '--yes',
      '--root',
      dir,
      '--session',
      'touch',
      'Touch the marker.',
    ],
    env,
  );
  assert.equal(recording.code, 0, recording.stderr);
  assert.ok(existsSync(marker), 'the recorded run did run bash (ordinary work)');
  await rm(marker);

  const scripted = await runKodama(['replay', 'touch'], env);
  assert.equal(scripted.code, 0, scripted.stdout + scripted.stderr);
  assert.match(scripted.stdout, /identical: 2 steps in 1 turn/);
  assert.equal(existsSync(marker), false, 'the recorded answers replayed; bash did not run');

  const same = await serve(script);
  const live = await runKodama(['replay', 'touch', '--model', `openai-compatible:${same.url}/v1`], env);
  assert.equal(live.code, 0, live.stdout + live.stderr);
  assert.equal(existsSync(marker), false, 'a model making the recorded call gets the recorded result');
  const offered = same.modelCalls[0]?.body as { tools?: { function: { name: string } }[] };
  assert.deepEqual(
    offered.tools?.map((t) => t.function.name),
    ['bash'],
  );

  const diverging = await serve([bash(other), { text: 'Done.' }]);
  const out = await runKodama(['replay', 'touch', '--model', `openai-compatible:${diverging.url}/v1`], env);
  assert.equal(out.code, 1);
  assert.match(
    out.stdout,
    /diverged at turn 1 step 1: recorded bash .*marker"\}, replayed bash .*other-marker"\}/,
  );
  assert.equal(existsSync(other), false, 'the new call is reported, not run');
  assert.equal(existsSync(marker), false);
  assert.equal(diverging.modelCalls.length, 1);
});

test('an unknown, invalid or corrupt session is a clear usage error (exit 2) and nothing is written', async () => {
  const { env } = await recorded();
  const unknown = await runKodama(['replay', 'nope'], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /^kodama: no session "nope"; kodama sessions list shows the ones there are\n/);
  const invalid = await runKodama(['replay', '../etc/passwd'], env);
  assert.equal(invalid.code, 2);
  assert.match(invalid.stderr, /cannot replay session "\.\.\/etc\/passwd"/);
  const none = await runKodama(['replay'], env);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /kodama replay needs a session id/);
  const both = await runKodama(['replay', 'math', '--model', 'x:y', '--script', 'f.json'], env);
  assert.equal(both.code, 2);

  const sessions = defaultSessionDir(env);
  const file = join(sessions, 'math.jsonl');
  const lines = (await readFile(file, 'utf8')).split('\n');
  const at = lines.findIndex((l) => l.includes('"kind":"tool"'));
  lines[at] = '{"id":"broken","kind":"tool","message":{"role":"tool"';
  const damaged = lines.join('\n');
  await writeFile(file, damaged);
  const corrupt = await runKodama(['replay', 'math'], env);
  assert.equal(corrupt.code, 2, corrupt.stdout);
  assert.match(corrupt.stderr, /^kodama: cannot replay session "math": .*math\.jsonl/);
  assert.equal(corrupt.stdout, '');
  assert.equal(await readFile(file, 'utf8'), damaged, 'the damaged file is left as it was');

  await writeFile(join(sessions, 'junk.jsonl'), 'not json at all\n');
  const junk = await runKodama(['replay', 'junk'], env);
  assert.equal(junk.code, 2);
  assert.match(junk.stderr, /cannot replay session "junk"/);
  assert.equal(await readFile(join(sessions, 'junk.jsonl'), 'utf8'), 'not json at all\n');

  const badScript = join(sessions, '..', 'bad-script.json');
  await writeFile(badScript, '[{"fault":"http","status":500}]');
  const script = await runKodama(['replay', 'junk', '--script', badScript], env);
  assert.equal(script.code, 2);
  const store = new JsonlSessionStore({ env });
  await store.append('empty', []);
  await store.close();
  const empty = await runKodama(['replay', 'empty'], env);
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /session "empty" has no model answers to replay/);
});

test('--store sqlite replays a session kept in SQLite; a --save that cannot be written is exit 2 after the report', async () => {
  const dir = await tempDir();
  const env = isolatedEnv({ XDG_DATA_HOME: dir });
  const server = await serve([calc('2 + 2'), answer('4.')]);
  const recording = await runKodama(
    [
      'ask',
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--store',
      'sqlite',
      '--session',
      'sq',
      'What is 2 + 2?',
    ],
    env,
  );
  assert.equal(recording.code, 0, recording.stderr);
  const out = await runKodama(['replay', 'sq', '--store', 'sqlite'], env);
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /identical: 2 steps in 1 turn/);
  const jsonl = await runKodama(['replay', 'sq'], env);
  assert.equal(jsonl.code, 2, 'the JSONL store has no session sq');

  const unwritable = await runKodama(
    ['replay', 'sq', '--store', 'sqlite', '--save', join(dir, 'no', 'such', 'dir.json')],
    env,
  );
  assert.equal(unwritable.code, 2);
  assert.match(unwritable.stdout, /identical: 2 steps/);
  assert.match(unwritable.stderr, /^kodama: --save .*dir\.json: ENOENT/);
});
