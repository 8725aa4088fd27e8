import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OutputBuffer } from '../src/subprocess/output-buffer.ts';
import { ProcessRegistry } from '../src/subprocess/process-registry.ts';
import { runProcess } from '../src/subprocess/run-process.ts';
import { eventually, pidAlive } from './helpers.ts';

const TREE = [
  'bash',
  '-c',
  // two children and a grandchild, all printing their pids, then waiting forever
  'sleep 1000 & echo $!; sleep 1000 & echo $!; bash -c "sleep 1000 & echo \\$!; wait" & echo $!; wait',
];

function pids(output: string): number[] {
  return output
    .split('\n')
    .filter((l) => /^\d+$/.test(l.trim()))
    .map(Number);
}

test('runs a command and reports exit code and output', async () => {
  const r = await runProcess(['bash', '-c', 'echo out; echo err >&2; exit 3']);
  assert.equal(r.exitCode, 3);
  assert.match(r.output, /out/);
  assert.match(r.output, /err/);
  assert.equal(r.timedOut, false);
});

test('separate mode keeps stderr apart', async () => {
  const r = await runProcess(['bash', '-c', 'echo out; echo err >&2'], { outputMode: 'separate' });
  assert.equal(r.output, 'out\n');
  assert.equal(r.stderr, 'err\n');
});

test('a missing program rejects with ENOENT', async () => {
  await assert.rejects(runProcess(['/nonexistent/program']), /ENOENT/);
});

test('the timeout kills children and grandchildren', async () => {
  // Doubles the timeout until all four pids were printed before it hit: no
  // assumption about how fast this machine starts processes.
  for (let timeoutMs = 250; ; timeoutMs *= 2) {
    const r = await runProcess(TREE, { timeoutMs, killGraceMs: 200 });
    assert.equal(r.timedOut, true);
    const started = pids(r.output);
    assert.ok(
      await eventually(() => started.every((p) => !pidAlive(p))),
      `left alive: ${started.filter(pidAlive)}`,
    );
    if (started.length === 4) return;
    assert.ok(timeoutMs < 64_000, `only ${started.length} pids printed: ${r.output}`);
  }
});

test('the SIGKILL follows even when the leader exits on SIGTERM first', async () => {
  const script = "(trap '' TERM; exec sleep 300) & echo $!; wait";
  const controller = new AbortController();
  const seen: number[] = [];
  const r = await runProcess(['bash', '-c', script], {
    signal: controller.signal,
    killGraceMs: 1000, // longer than drainMs: the leader is long gone when the grace ends
    drainMs: 50,
    onStdout: (chunk) => {
      seen.push(...pids(chunk.toString()));
      if (seen.length >= 1) controller.abort();
      return true;
    },
  });
  assert.equal(r.aborted, true);
  assert.equal(seen.length, 1);
  // The result waits for the SIGKILL: the child is dead (or a zombie about to be reaped).
  assert.ok(await eventually(() => !pidAlive(seen[0]!)), `still alive: ${seen[0]}`);
});

test('aborting kills the whole group', async () => {
  const controller = new AbortController();
  const seen: number[] = [];
  const running = runProcess(TREE, {
    signal: controller.signal,
    killGraceMs: 200,
    onStdout: (chunk) => {
      seen.push(...pids(chunk.toString()));
      if (seen.length >= 4) controller.abort();
      return true;
    },
  });
  const r = await running;
  assert.equal(r.aborted, true);
  assert.ok(await eventually(() => seen.every((p) => !pidAlive(p))));
});

test('background children outlive the command until the registry kills them', async () => {
  const registry = new ProcessRegistry();
  const r = await runProcess(['bash', '-c', 'sleep 1000 & echo $!'], { registry, drainMs: 50 });
  assert.equal(r.exitCode, 0);
  const [bg] = pids(r.output);
  assert.ok(bg && pidAlive(bg), 'background child should still run');
  assert.deepEqual(registry.live(), [r.pid]);
  await registry.killAll(200);
  assert.ok(await eventually(() => !pidAlive(bg)));
  assert.deepEqual(registry.live(), []);
});

test('output is capped, keeping head and tail with a marker', () => {
  const b = new OutputBuffer(10);
  b.push(Buffer.from('0123456789abcdefghij'));
  assert.equal(b.droppedBytes, 10);
  assert.equal(b.text(), '01234\n[... 10 bytes of output truncated ...]\nfghij');
});

test('capped output from a real process', async () => {
  const r = await runProcess(['bash', '-c', 'head -c 100000 /dev/zero | tr "\\0" x; echo END'], {
    maxOutputBytes: 1000,
  });
  assert.ok(r.truncatedBytes > 90000);
  assert.match(r.output, /truncated/);
  assert.match(r.output, /END\n$/);
});
