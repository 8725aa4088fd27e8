// `kodama ask --json`: one event per line, from turn-start to turn-end, whatever ends the turn.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { BIN, isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

interface Line {
  type: string;
  outcome?: string;
  stopReason?: string;
  error?: { name: string; message: string };
}

const serve = scriptedServers();

function lines(stdout: string): Line[] {
  return stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
}

function assertBracketed(events: Line[]): Line {
  assert.equal(events[0]?.type, 'turn-start', 'turn-start comes first');
  const end = events.at(-1)!;
  assert.equal(end.type, 'turn-end', 'turn-end comes last');
  assert.equal(events.filter((e) => e.type === 'turn-end').length, 1);
  assert.equal(
    events.some((e) => e.type === 'error'),
    false,
    'no error line outside the event union',
  );
  return end;
}

const calc = (expression: string) => ({ toolCalls: [{ name: 'calculator', arguments: { expression } }] });

test('a completed turn', async () => {
  const server = await serve([calc('2 + 2'), { text: '4' }]);
  const out = await runKodama(
    ['ask', '--json', '--model', `openai-compatible:${server.url}/v1`, 'hi'],
    isolatedEnv(),
  );
  assert.equal(out.code, 0, out.stderr);
  const end = assertBracketed(lines(out.stdout));
  assert.equal(end.outcome, 'completed');
  assert.equal(end.stopReason, 'stop');
});

test('a budget-exhausted turn (the synthesizer answers)', async () => {
  const server = await serve([calc('1 + 1'), calc('2 + 2'), { text: 'from the evidence: 2' }]);
  const out = await runKodama(
    ['ask', '--json', '--max-steps', '1', '--model', `openai-compatible:${server.url}/v1`, 'hi'],
    isolatedEnv(),
  );
  assert.equal(out.code, 0, out.stderr);
  const events = lines(out.stdout);
  const end = assertBracketed(events);
  assert.equal(end.outcome, 'budget-exhausted');
  assert.equal(end.stopReason, 'stop');
  assert.ok(events.some((e) => e.type === 'fallback-notice'));
});

test('a failed turn (provider 500 past retries)', async () => {
  const server = await serve([
    { fault: 'http', status: 500 },
    { fault: 'http', status: 500 },
    { fault: 'http', status: 500 },
  ]);
  const out = await runKodama(
    ['ask', '--json', '--model', `openai-compatible:${server.url}/v1`, 'hi'],
    isolatedEnv(),
  );
  assert.equal(out.code, 1);
  const events = lines(out.stdout);
  const end = assertBracketed(events);
  assert.equal(end.outcome, 'failed');
  assert.equal(end.stopReason, undefined);
  assert.match(end.error?.message ?? '', /500/);
  assert.equal(events.filter((e) => e.type === 'retry').length, 2);
  assert.match(out.stderr, /500/, 'people still read the cause on stderr');
});

test('a cancelled turn (Ctrl+C)', async () => {
  const server = await serve([{ fault: 'hang' }]);
  const child = spawn(
    process.execPath,
    [BIN, 'ask', '--json', '--model', `openai-compatible:${server.url}/v1`, 'wait forever'],
    { env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  while (server.modelCalls.length === 0) await new Promise((r) => setTimeout(r, 20));
  child.kill('SIGINT');
  assert.equal(await exited, 130);
  const events = lines(stdout);
  const end = assertBracketed(events);
  assert.equal(end.outcome, 'cancelled');
  assert.equal(end.error?.name, 'CancelledError');
  assert.equal(events.at(-2)?.type, 'cancelled');
});
