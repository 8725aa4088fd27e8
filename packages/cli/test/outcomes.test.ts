// `kodama ask` exits by the Run's outcome: completed 0, failed 1, usage error 2, partial 3, cancelled 130.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDuration } from '../src/duration.ts';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

test('a deadline stops the run: exit 3, the answer complete by then on stdout, a note on stderr', async () => {
  const server = await serve([
    { text: 'First part.', toolCalls: [{ name: 'calculator', arguments: { expression: '1 + 1' } }] },
    {
      text: 'This second answer streams far too slowly to finish before the deadline.',
      chunkSize: 1,
      chunkDelayMs: 500,
    },
  ]);
  // The margin is for a loaded machine: the first round (a model call and a tool)
  // must end before the deadline, and the second answer (35 s) cannot.
  const out = await runKodama(
    ['ask', '--deadline', '6s', '--model', `openai-compatible:${server.url}/v1`, 'Go.'],
    isolatedEnv(),
  );
  assert.equal(out.code, 3, out.stderr);
  assert.match(out.stdout, /First part\./);
  assert.match(out.stderr, /deadline reached/);
});

test('a bad --deadline is a usage error', async () => {
  const out = await runKodama(['ask', '--deadline', 'soon', 'hi'], isolatedEnv());
  assert.equal(out.code, 2);
  assert.match(out.stderr, /--deadline must be a duration like 30s/);
});

test('durations people write', () => {
  assert.equal(parseDuration('500ms'), 500);
  assert.equal(parseDuration('30s'), 30_000);
  assert.equal(parseDuration('2m'), 120_000);
  assert.equal(parseDuration('1m30s'), 90_000);
  assert.equal(parseDuration('1h'), 3_600_000);
  assert.equal(parseDuration('45'), 45_000);
  assert.equal(parseDuration('1.5s'), 1500);
  for (const bad of ['', 'soon', '10 s', 's', '1x', '2m junk'])
    assert.equal(parseDuration(bad), undefined, bad);
});
