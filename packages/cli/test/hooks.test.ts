// The hooks engine on its own (no model): how answers are read (exit codes,
// Claude Code's JSON fields), folded (a block beats an ask beats an allow),
// matched (kodama's names, Claude's names, declared effects), and how a
// hook's allow reaches the permission rules for its own call only.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PermissionRules, ruleSource, withHookVerdict } from '@kodama/assistant/permissions';
import { checkHooks } from '../src/hooks/hook-config.ts';
import { Hooks } from '../src/hooks/hooks.ts';

const cmd = (command: string, extra: Record<string, unknown> = {}) => ({
  type: 'command' as const,
  command,
  ...extra,
});

async function hooksOf(config: Record<string, unknown>, notices: string[] = []) {
  const cwd = await mkdtemp(join(tmpdir(), 'kodama-hooks-unit-'));
  return new Hooks([{ path: 'user.json', hooks: config }], {
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    notice: (t) => notices.push(t),
  });
}

test("Claude Code's answers: exit 2, decision block/approve, permissionDecision, continue false, context", async () => {
  const cases: [string, string | undefined, string | undefined][] = [
    ['echo why >&2; exit 2', 'deny', 'why'],
    [`echo '{"decision":"block","reason":"r1"}'`, 'deny', 'r1'],
    [`echo '{"decision":"approve"}'`, 'allow', undefined],
    [
      `echo '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"r2"}}'`,
      'ask',
      'r2',
    ],
    [`echo '{"continue":false,"stopReason":"r3"}'`, 'deny', 'r3'],
    ['echo plain text', undefined, undefined],
    ['exit 0', undefined, undefined],
  ];
  for (const [command, decision, reason] of cases) {
    const hooks = await hooksOf({ PreToolUse: [{ hooks: [cmd(command)] }] });
    const out = await hooks.run('PreToolUse', {}, { tool: 'bash' });
    assert.equal(out.decision, decision, command);
    assert.equal(out.reason, reason, command);
    assert.deepEqual(out.context, [], `${command}: a PreToolUse hook's plain stdout is no context`);
  }
  const ctx = await hooksOf({ PostToolUse: [{ hooks: [cmd(`echo '{"additionalContext":"note"}'`)] }] });
  assert.match(
    (await ctx.run('PostToolUse', {}, { tool: 'bash' })).context[0] ?? '',
    /^\[context from the PostToolUse hook .*\]\nnote$/,
  );
});

test('several hooks: a block beats an ask beats an allow; context from each is kept', async () => {
  const allow = `echo '{"hookSpecificOutput":{"permissionDecision":"allow","additionalContext":"a"}}'`;
  const ask = `echo '{"hookSpecificOutput":{"permissionDecision":"ask","additionalContext":"b"}}'`;
  const hooks = await hooksOf({ PreToolUse: [{ hooks: [cmd(allow), cmd(ask)] }] });
  const out = await hooks.run('PreToolUse', {}, { tool: 'bash' });
  assert.equal(out.decision, 'ask');
  assert.equal(out.context.length, 2);
  const blocked = await hooksOf({ PreToolUse: [{ hooks: [cmd(allow), cmd('exit 2')] }] });
  assert.equal((await blocked.run('PreToolUse', {}, { tool: 'bash' })).decision, 'deny');
});

test("matchers take kodama's name, Claude's name and declared effects, whole names only", async () => {
  const hooks = await hooksOf({
    PreToolUse: [
      { matcher: 'Bash', hooks: [cmd('a')] },
      { matcher: 'writesFile', hooks: [cmd('b')] },
      { matcher: 'Edi', hooks: [cmd('c')] },
      { matcher: 'mcp__.*', hooks: [cmd('d')] },
    ],
  });
  const names = (target: Parameters<Hooks['matching']>[1]) =>
    hooks.matching('PreToolUse', target).map((m) => m.hook.command);
  assert.deepEqual(names({ tool: 'bash', effects: ['runsCommand'] }), ['a']);
  assert.deepEqual(names({ tool: 'edit', effects: ['writesFile'] }), ['b']);
  assert.deepEqual(names({ tool: 'mcp__fs__put', effects: ['writesFile'] }), ['b', 'd']);
  assert.deepEqual(names({ tool: 'read', effects: ['readsPath'] }), []);
});

test('a failure fails closed for PreToolUse by default, open elsewhere and when told, with a notice', async () => {
  const notices: string[] = [];
  const hooks = await hooksOf(
    {
      PreToolUse: [{ hooks: [cmd('exit 3')] }],
      PostToolUse: [{ hooks: [cmd('exit 3')] }],
      UserPromptSubmit: [{ hooks: [cmd('exit 3', { failClosed: true })] }],
    },
    notices,
  );
  const pre = await hooks.run('PreToolUse', {}, { tool: 'bash' });
  assert.equal(pre.decision, 'deny');
  assert.match(pre.reason ?? '', /exited with status 3, and it fails closed/);
  assert.equal((await hooks.run('PostToolUse', {}, { tool: 'bash' })).decision, undefined);
  assert.match(
    notices.join('\n'),
    /PostToolUse hook "exit 3" \(user\.json\) exited with status 3; going on without it/,
  );
  assert.equal((await hooks.run('UserPromptSubmit', {})).decision, 'deny');
});

test("a hook's verdict reaches the rules for its own tool only, never over a deny or a control file", async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-verdict-'));
  const rules = new PermissionRules([ruleSource('user', {})], root);
  const denying = new PermissionRules([], root);
  const withDeny = new PermissionRules([ruleSource('user', { deny: ['bash(rm:*)'] })], root);
  const verdict = {
    tool: 'bash',
    decision: 'allow' as const,
    hook: 'PreToolUse hook "x"',
    source: 'user.json',
  };
  withHookVerdict(verdict, () => {
    assert.equal(rules.decide({ tool: 'bash', effect: 'runsCommand', command: 'make' })?.decision, 'allow');
    assert.equal(
      denying.decide({ tool: 'edit', effect: 'writesFile', path: 'a.ts' }),
      undefined,
      'another tool',
    );
    assert.equal(
      withDeny.decide({ tool: 'bash', effect: 'runsCommand', command: 'rm -rf x' })?.decision,
      'deny',
    );
    const control = rules.decide({ tool: 'bash', effect: 'runsCommand', command: 'echo x > .mcp.json' });
    assert.equal(control?.decision, 'ask');
    assert.ok(control?.protected);
  });
  assert.equal(
    rules.decide({ tool: 'bash', effect: 'runsCommand', command: 'make' }),
    undefined,
    'outside the call',
  );
});

test('a bad hooks value names the place', () => {
  assert.throws(() => checkHooks('c.json', { PreToolUse: {} }), /"hooks\.PreToolUse" must be a list/);
  assert.throws(() => checkHooks('c.json', { Nope: [] }), /unknown hook event "hooks\.Nope"/);
  assert.throws(
    () => checkHooks('c.json', { Stop: [{ matcher: '(', hooks: [] }] }),
    /"hooks\.Stop\[0\]\.matcher" is not a regular expression/,
  );
  assert.throws(
    () => checkHooks('c.json', { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: 0 }] }] }),
    /"hooks\.Stop\[0\]\.hooks\[0\]\.timeout" must be a number of seconds above 0/,
  );
  assert.throws(
    () => checkHooks('c.json', { Stop: [{ hooks: [{ type: 'prompt', prompt: 'x' }] }] }),
    /only command hooks run/,
  );
});
