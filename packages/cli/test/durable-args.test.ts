// The parsers of kodama worker, kodama runs and kodama approve.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCliArgs } from '../src/args.ts';
import { UsageError } from '../src/parse-support.ts';

test('kodama worker: defaults, flags, and bad values named', () => {
  const args = parseCliArgs([
    'worker',
    '--concurrency',
    '3',
    '--approve',
    'bash, write',
    '--executor-id',
    'w1',
  ]);
  assert.equal(args.command, 'worker');
  if (args.command !== 'worker') return;
  assert.equal(args.concurrency, 3);
  assert.equal(args.queue, 'kodama');
  assert.deepEqual(args.approve, ['bash', 'write']);
  assert.equal(args.executorId, 'w1');
  assert.throws(() => parseCliArgs(['worker', '--concurrency', '0']), /--concurrency must be a whole number/);
  assert.throws(() => parseCliArgs(['worker', '--queue', 'a b']), /--queue takes letters/);
  assert.throws(() => parseCliArgs(['worker', 'extra']), UsageError);
  assert.deepEqual(parseCliArgs(['worker', '--bogus', '--help']), { command: 'help', topic: 'worker' });
});

test('kodama runs: submit joins the prompt; the others take one run id', () => {
  const submit = parseCliArgs(['runs', 'submit', 'What', 'is', '6*7?', '--deadline', '2m', '--wait']);
  assert.equal(submit.command, 'runs');
  if (submit.command !== 'runs') return;
  assert.equal(submit.target, 'What is 6*7?');
  assert.equal(submit.deadlineMs, 120_000);
  assert.equal(submit.wait, true);
  const events = parseCliArgs(['runs', 'events', 'r1', '--no-follow']);
  assert.ok(events.command === 'runs' && events.follow === false && events.target === 'r1');
  assert.equal((parseCliArgs(['runs']) as { action: string }).action, 'list');
  assert.throws(() => parseCliArgs(['runs', 'explode']), /unknown runs action "explode"/);
  assert.throws(() => parseCliArgs(['runs', 'status', 'a', 'b']), /too many arguments/);
  assert.throws(
    () => parseCliArgs(['runs', 'submit', '--deadline', 'soon', 'x']),
    /--deadline must be a duration/,
  );
});

test('kodama approve: a run id, --deny and --reason', () => {
  assert.deepEqual(parseCliArgs(['approve', 'r1', '--deny', '--reason', 'not now']), {
    command: 'approve',
    runId: 'r1',
    deny: true,
    reason: 'not now',
    database: undefined,
  });
  assert.throws(() => parseCliArgs(['approve', 'r1', 'r2']), /takes one id/);
});
