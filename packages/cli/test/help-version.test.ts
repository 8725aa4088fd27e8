// The informational command lines, run through the real `kodama` bin on plain
// Node: usage and version go to stdout with exit 0, and a bad --sandbox is a
// usage error before any model is looked for.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

for (const argv of [['--help'], ['-h'], ['help'], []]) {
  test(`kodama ${argv.join(' ') || '(no arguments)'} prints kodama's usage to stdout and exits 0`, async () => {
    const out = await runKodama(argv, isolatedEnv());
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stderr, '');
    assert.match(out.stdout, /^kodama: a terminal agent\n\nUsage:\n {2}kodama ask "<prompt>" \[options\]/);
    assert.match(out.stdout, /--sandbox <kind>/);
  });
}

for (const argv of [
  ['ask', '--help'],
  ['ask', '-h'],
  ['help', 'ask'],
  ['ask', '--model', 'nowhere:x', '--help'],
]) {
  test(`kodama ${argv.join(' ')} prints ask's usage to stdout and exits 0`, async () => {
    const out = await runKodama(argv, isolatedEnv());
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stderr, '');
    assert.match(out.stdout, /^Usage: kodama ask "<prompt>" \[options\]\n/);
    assert.match(out.stdout, /-m, --model <target>/);
  });
}

for (const command of ['ask', 'help', 'version']) {
  test(`kodama ${command} --help prints that command's usage`, async () => {
    const out = await runKodama([command, '--help'], isolatedEnv());
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stderr, '');
    assert.ok(out.stdout.startsWith(`Usage: kodama ${command}`), out.stdout);
  });
}

for (const argv of [['--version'], ['-v'], ['version']]) {
  test(`kodama ${argv.join(' ')} prints "kodama <version>" and exits 0`, async () => {
    const out = await runKodama(argv, isolatedEnv());
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stdout, `kodama ${VERSION}\n`);
    assert.equal(out.stderr, '');
  });
}

for (const tools of ['calculator', 'read', 'bash']) {
  test(`an unknown --sandbox with --tools ${tools} is a usage error (exit 2) before any model is looked for`, async () => {
    // KODAMA_MODEL points at a closed port: if parsing let the value through, the
    // run would fail later with exit 1 and a connection error instead.
    const out = await runKodama(
      ['ask', '--tools', tools, '--sandbox', 'docker', 'hi'],
      isolatedEnv({ KODAMA_MODEL: 'openai-compatible:http://127.0.0.1:9/v1@m' }),
    );
    assert.equal(out.code, 2, out.stderr);
    assert.equal(out.stdout, '');
    assert.match(
      out.stderr,
      /^kodama: unknown sandbox "docker"\. Use --sandbox none or --sandbox bubblewrap\n\nUsage: kodama ask/,
    );
  });
}

test('an unknown command is a usage error with kodama usage on stderr', async () => {
  const out = await runKodama(['frobnicate'], isolatedEnv());
  assert.equal(out.code, 2);
  assert.equal(out.stdout, '');
  assert.match(out.stderr, /^kodama: unknown command "frobnicate"/);
});
