// Permission modes judged by the rules themselves: plan denies writes and
// commands that are not read-only, accept-edits allows writes inside the root,
// bypass allows the rest; in every mode a deny rule denies and a control file
// asks (plan refuses it outright), and Shift+Tab's cycle reaches bypass only
// when the run started in it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AnyTool, ToolContext } from '@kodama/core';
import {
  layeredRules,
  ModeSwitch,
  nextPermissionMode,
  type PlanAnswer,
  permissionGate,
  planModeRefusal,
  presentPlanTool,
} from '../src/internal.ts';

const ROOT = '/work/project';
const rules = (mode: 'default' | 'accept-edits' | 'plan' | 'bypass') => {
  const r = layeredRules([{ path: '/u/config.json', permissions: { deny: ['bash(rm:*)'] } }], ROOT);
  r.mode = mode;
  return r;
};
const write = (path: string) => ({ tool: 'write', effect: 'writesFile' as const, path });
const bash = (command: string) => ({ tool: 'bash', effect: 'runsCommand' as const, command });

test('plan: writes and commands that are not read-only are denied; read-only lines are left to the rules', () => {
  const r = rules('plan');
  assert.equal(r.decide(write('src/a.ts'))?.decision, 'deny');
  assert.equal(r.decide(write('src/a.ts'))?.mode, 'plan');
  assert.equal(r.decide(write('.kodama/config.json'))?.decision, 'deny');
  for (const line of [
    'touch x',
    'npm test',
    'git commit -m x',
    'ls > out.txt',
    'find . -delete',
    'env rm x',
    'echo $(touch x)',
    'sort -o f f',
  ])
    assert.equal(r.decide(bash(line))?.decision, 'deny', line);
  for (const line of [
    'ls -la',
    'git status',
    'git log --oneline | head -5',
    'rg foo src 2>/dev/null',
    'cat a.txt',
  ])
    assert.equal(r.decide(bash(line)), undefined, line);
  assert.equal(r.decide({ tool: 'read', effect: 'readsPath', path: 'a.txt' }), undefined);
});

test('accept-edits: a write inside the root is allowed; bash, outside the root and control files still ask', () => {
  const r = rules('accept-edits');
  assert.equal(r.decide(write('src/a.ts'))?.decision, 'allow');
  assert.equal(r.decide(write('/etc/passwd')), undefined);
  assert.equal(r.decide(write('../other/x')), undefined);
  assert.equal(r.decide(write('.kodama/config.json'))?.decision, 'ask');
  assert.equal(r.decide(write('.git/hooks/pre-commit'))?.protected, '.git/hooks/pre-commit');
  assert.equal(r.decide(bash('touch x')), undefined);
});

test('bypass: everything is allowed but control files, writes outside the root and deny rules', () => {
  const r = rules('bypass');
  assert.equal(r.decide(write('src/a.ts'))?.decision, 'allow');
  assert.equal(r.decide(bash('touch x; curl example.com'))?.decision, 'allow');
  assert.equal(r.decide(bash('rm -rf build'))?.decision, 'deny');
  assert.equal(r.decide(write('.mcp.json'))?.decision, 'ask');
  assert.equal(r.decide(bash('cp evil .git/hooks/pre-commit'))?.decision, 'ask');
  assert.equal(r.decide(write('/tmp/elsewhere'))?.decision, undefined);
  assert.equal(rules('default').decide(write('src/a.ts')), undefined);
});

test('Shift+Tab cycles default, accept-edits, plan; bypass only when the run started in it', () => {
  const cycle = (withBypass: boolean) => {
    const seen = ['default' as const];
    let m = nextPermissionMode('default', withBypass);
    while (m !== 'default') {
      seen.push(m as never);
      m = nextPermissionMode(m, withBypass);
    }
    return seen;
  };
  assert.deepEqual(cycle(false), ['default', 'accept-edits', 'plan']);
  assert.deepEqual(cycle(true), ['default', 'accept-edits', 'plan', 'bypass']);
});

test('the gate refuses a write in plan mode with the message that says to present a plan', async () => {
  let ran = false;
  const tool = {
    name: 'write',
    description: '',
    parameters: { jsonSchema: {}, validate: (a: unknown) => ({ ok: true, value: a }) },
    trifectaLegs: {},
    sequential: false,
    effects: {
      kinds: ['writesFile'],
      of: (a: { path: string }) => [{ kind: 'writesFile', path: a.path, preview: () => 'x' }],
    },
    execute: () => {
      ran = true;
      return 'ok';
    },
  } as unknown as AnyTool;
  const gated = permissionGate(tool, rules('plan'));
  const context = { signal: new AbortController().signal } as ToolContext;
  await assert.rejects(
    async () => gated.execute({ path: 'src/a.ts', content: 'x' }, context),
    (e: Error) => e.message === planModeRefusal('write') && /present_plan/.test(e.message),
  );
  assert.equal(ran, false);
});

test('present_plan works only in plan mode; an approval switches the mode and tells the model to go on', async () => {
  const r = rules('plan');
  const modes = new ModeSwitch(r, undefined, () => {});
  const answers: PlanAnswer[] = [{ kind: 'approve', mode: 'accept-edits' }];
  const tool = presentPlanTool({
    get mode() {
      return modes.mode;
    },
    review: async () => answers.shift() ?? { kind: 'reject', reason: '' },
    approve: (mode) => modes.set(mode, 's', true),
  });
  const context = { signal: new AbortController().signal } as ToolContext;
  assert.match(
    String(await tool.execute({ plan: '1. x' }, context)),
    /approved the plan.*accept-edits.*Carry out/,
  );
  assert.equal(r.mode, 'accept-edits');
  assert.deepEqual(modes.takeNote(), []);
  await assert.rejects(async () => tool.execute({ plan: '1. x' }, context), /only in plan mode/);
  await modes.set('plan', 's');
  assert.match(modes.takeNote()[0] ?? '', /plan mode: it is read-only/);
});
