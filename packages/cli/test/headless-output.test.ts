// --output-format json | stream-json and --input-format stream-json: every
// line of a real tool-using run validates against the published schema; json
// is one result object (also for a failure); one process holds a three-turn
// conversation with an interjection and a cancel, and a bad line loses nothing.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { BIN, isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const schema = JSON.parse(
  await readFile(new URL('../schema/stream-json.v1.schema.json', import.meta.url), 'utf8'),
) as object;
const validate = new Ajv({ allErrors: true }).compile(schema);

type Line = { type: string; [k: string]: unknown };

function parseLines(stdout: string): Line[] {
  const lines = stdout.trim().split('\n');
  return lines.map((l) => {
    const line = JSON.parse(l) as Line;
    assert.ok(validate(line), `${l}\n${JSON.stringify(validate.errors)}`);
    return line;
  });
}

async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'kodama-headless-'));
  const env = isolatedEnv({ HOME: join(root, '.home'), XDG_DATA_HOME: join(root, '.data') });
  return { root, env };
}

const toolScript = () => [
  {
    reasoning: 'I should compute it.',
    toolCalls: [{ name: 'calculator', arguments: { expression: '17 * 23' } }],
  },
  { text: 'It is 391.' },
];

for (const head of [
  ['ask', 'compute'],
  ['-p', 'compute'],
] as const) {
  test(`kodama ${head[0]} --output-format stream-json: every line validates, start first, result last`, async () => {
    const server = await serve(toolScript());
    const { root, env } = await setup();
    const out = await runKodama(
      [...head, '--output-format', 'stream-json', '--tools', 'calculator'].concat([
        '--model',
        `openai-compatible:${server.url}/v1`,
        '--root',
        root,
        '--no-skills',
      ]),
      env,
    );
    assert.equal(out.code, 0, out.stderr);
    const lines = parseLines(out.stdout);
    assert.equal(lines[0]?.type, 'start');
    assert.equal(lines[0]?.version, 1);
    assert.equal(lines[0]?.model, 'openai-compatible:scripted-model');
    const types = lines.map((l) => l.type);
    for (const t of ['user', 'reasoning_delta', 'tool_call', 'tool_result', 'text_delta', 'text', 'usage'])
      assert.ok(types.includes(t), types.join());
    const call = lines.find((l) => l.type === 'tool_call');
    assert.deepEqual(call?.arguments, { expression: '17 * 23' });
    const result = lines.find((l) => l.type === 'tool_result');
    assert.equal(result?.status, 'ok');
    assert.match(String(result?.output), /391/);
    const end = lines.at(-1);
    assert.equal(end?.type, 'result');
    assert.equal(end?.outcome, 'completed');
    assert.equal(end?.response, 'It is 391.');
    assert.equal(end?.exit_status, 0);
    if (head[0] === '-p') assert.match(String(end?.session_id), /^kodama-/);
    else assert.equal(end?.session_id, null);
  });
}

test('--output-format json is one result object: completed, and failed with the cause and status 1', async () => {
  const server = await serve([{ text: 'Hello.' }]);
  const { root, env } = await setup();
  const model = ['--model', `openai-compatible:${server.url}/v1`, '--root', root, '--no-skills'];
  const ok = await runKodama(['-p', 'hi', '--output-format', 'json', ...model], env);
  assert.equal(ok.code, 0, ok.stderr);
  const [line, ...rest] = parseLines(ok.stdout);
  assert.equal(rest.length, 0);
  assert.equal(line?.type, 'result');
  assert.equal(line?.response, 'Hello.');
  assert.ok(((line?.usage as { total_tokens?: number } | undefined)?.total_tokens ?? 0) > 0);
  assert.ok('cost_usd' in (line ?? {}));

  const broken = await serve([{ fault: 'http', status: 401, body: '{"error":{"message":"bad key"}}' }]);
  const failed = await runKodama(
    ['ask', 'hi', '--output-format', 'json', '--model', `openai-compatible:${broken.url}/v1`],
    env,
  );
  assert.equal(failed.code, 1, failed.stderr);
  const [end] = parseLines(failed.stdout);
  assert.equal(end?.outcome, 'failed');
  assert.equal(end?.response, null);
  assert.equal(end?.exit_status, 1);
  assert.match(String((end?.error as { message: string } | undefined)?.message), /401|bad key|unauthor/i);
});

test('bad headless flags are usage errors (exit 2)', async () => {
  const { env } = await setup();
  for (const [args, message] of [
    [['ask', 'x', '--output-format', 'xml'], /unknown output format "xml"/],
    [['ask', 'x', '--json', '--output-format', 'json'], /--json .* or --output-format, not both/],
    [
      ['-p', 'x', '--input-format', 'stream-json'],
      /--input-format stream-json needs --output-format stream-json/,
    ],
    [['--output-format', 'json'], /--output-format goes with -p/],
  ] as const) {
    const out = await runKodama([...args], env);
    assert.equal(out.code, 2, `${args.join(' ')}: ${out.stderr}`);
    assert.match(out.stderr, message);
  }
});

/** A kodama process with stdin and stdout as pipes; `next(type)` waits for the next line of that type. */
function conversation(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  let buffered = '';
  let stderr = '';
  let waiter: (() => void) | undefined;
  child.stdout.on('data', (d) => {
    buffered += d;
    for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
      const raw = buffered.slice(0, i);
      buffered = buffered.slice(i + 1);
      const line = JSON.parse(raw) as Line;
      assert.ok(validate(line), `${raw}\n${JSON.stringify(validate.errors)}`);
      lines.push(line);
    }
    waiter?.();
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  let seen = 0;
  return {
    lines,
    send: (value: unknown) =>
      child.stdin.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`),
    end: () => child.stdin.end(),
    exited,
    stderr: () => stderr,
    /** The next line of `type` after the last one returned. */
    async next(type: string): Promise<Line> {
      for (;;) {
        const index = lines.findIndex((l, i) => i >= seen && l.type === type);
        if (index >= 0) {
          seen = index + 1;
          return lines[index] as Line;
        }
        await new Promise<void>((resolve) => {
          waiter = resolve;
        });
      }
    },
  };
}

test('--input-format stream-json: three turns in one process, an interjection delivered, a cancel, a bad line answered', async () => {
  const server = await serve([
    { text: 'First answer.' },
    // A slow answer: the interjection sent during it is delivered when it ends, and answered.
    { text: 'Thinking it over, slowly.', chunkSize: 2, chunkDelayMs: 40 },
    { text: 'Second answer, and blue.' },
    { text: 'word '.repeat(2000), chunkSize: 4, chunkDelayMs: 20 },
  ]);
  const { root, env } = await setup();
  const args = [
    '-p',
    '--input-format',
    'stream-json',
    '--output-format',
    'stream-json',
    '--tools',
    'calculator',
  ];
  const kodama = conversation(
    [...args, '--model', `openai-compatible:${server.url}/v1`, '--root', root, '--no-skills'],
    env,
  );
  const start = await kodama.next('start');
  assert.match(String(start.session_id), /^kodama-/);

  kodama.send({ type: 'user', text: 'first' });
  const first = await kodama.next('result');
  assert.equal(first.outcome, 'completed');
  assert.equal(first.response, 'First answer.');

  kodama.send('this is not json');
  assert.match(String((await kodama.next('error')).message), /not JSON/);

  // Claude Code's shape of a user line is read too.
  kodama.send({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'second' }] } });
  await kodama.next('text_delta');
  kodama.send({ type: 'interject', text: 'also say blue' });
  await kodama.next('interjection_delivered');
  const second = await kodama.next('result');
  assert.equal(second.response, 'Second answer, and blue.');
  const third = JSON.stringify(server.modelCalls[2]?.body);
  assert.match(third, /also say blue/);
  assert.match(third, /First answer\./, 'the conversation carries over between turns');

  kodama.send({ type: 'user', text: 'third' });
  await kodama.next('text_delta');
  kodama.send({ type: 'cancel' });
  const cancelled = await kodama.next('result');
  assert.equal(cancelled.outcome, 'cancelled');
  assert.equal(cancelled.exit_status, 130);
  kodama.end();
  assert.equal(await kodama.exited, 130, kodama.stderr());
  assert.equal(server.modelCalls.length, 4);
  // The session kept all three turns.
  const shown = await runKodama(['sessions', 'show', String(start.session_id)], env);
  assert.match(shown.stdout, /first[\s\S]*second[\s\S]*third/);
});
