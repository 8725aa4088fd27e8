// `kodama acp`'s flags: the assistant's, without the terminal's session flags.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAcp } from '../src/acp-args.ts';
import { UsageError } from '../src/parse-support.ts';

test('kodama acp takes the assistant flags', () => {
  const args = parseAcp([
    '--model',
    'llamacpp',
    '--permission-mode',
    'plan',
    '--trust',
    '--tools',
    'read,edit',
    '--max-tokens',
    '1024',
  ]);
  assert.equal(args.command, 'acp');
  assert.equal(args.maxTokens, 1024);
  assert.equal(args.model, 'llamacpp');
  assert.equal(args.permissionMode, 'plan');
  assert.equal(args.trust, true);
  assert.deepEqual(args.tools, ['read', 'edit']);
});

test('kodama acp refuses the session flags of a terminal, however they are spelled, and bad values', () => {
  for (const words of [
    ['-p', 'hi'],
    ['-phi'],
    ['--print=hi'],
    ['--continue'],
    ['-c'],
    ['--resume', 'kodama-20250101-120000-ab12'],
    ['--worktree'],
    ['--root', '/tmp'],
    ['--permission-mode', 'yolo'],
    ['--max-tokens', '0'],
    ['--max-tokens=abc'],
    ['stray'],
  ]) {
    assert.throws(
      () => parseAcp(words),
      (error: unknown) => error instanceof UsageError && error.topic === 'acp',
      words.join(' '),
    );
  }
});
