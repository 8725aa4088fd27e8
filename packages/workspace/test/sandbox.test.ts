import assert from 'node:assert/strict';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  assertSandboxAvailable,
  bubblewrapArgs,
  SandboxUnavailableError,
  Workspace,
  wrapArgv,
} from '../src/index.ts';
import { call, makeFixture, text, toolsFor } from './fixture.ts';
import { tempDir } from './helpers.ts';

function pairs(args: string[], flag: string): string[][] {
  const out: string[][] = [];
  args.forEach((a, i) => {
    if (a === flag) out.push([args[i + 1]!, args[i + 2]!]);
  });
  return out;
}

test('bubblewrap arguments: system read-only, project writable, private /tmp, no network by default', async (t) => {
  const dir = tempDir(t);
  const lib = tempDir(t);
  const ws = await Workspace.create({ projectRoot: dir, readableRoots: [lib], scratchParent: dir });
  t.after(() => ws.close());
  const args = bubblewrapArgs(ws, { kind: 'bubblewrap' });
  assert.ok(args.includes('--unshare-all'));
  assert.ok(!args.includes('--share-net'));
  assert.ok(args.includes('--die-with-parent'));
  assert.deepEqual(pairs(args, '--bind'), [
    [ws.scratchDir, '/tmp'],
    [dir, dir],
  ]);
  assert.ok(pairs(args, '--ro-bind').some(([a, b]) => a === lib && b === lib));
  assert.ok(pairs(args, '--ro-bind').some(([a]) => a === '/usr'));
  assert.ok(
    !pairs(args, '--ro-bind').some(
      ([a]) => a === '/etc' || a === '/etc/shadow' || a === '/home' || a === '/root',
    ),
  );
  assert.ok(args.includes('--proc') && args.includes('--dev'));
  assert.ok(bubblewrapArgs(ws, { kind: 'bubblewrap', network: true }).includes('--share-net'));
  assert.deepEqual(wrapArgv(ws, { kind: 'none' }, ['bash', '-c', 'x']), ['bash', '-c', 'x']);
  const wrapped = wrapArgv(ws, { kind: 'bubblewrap', bwrapPath: '/x/bwrap' }, ['bash', '-c', 'x']);
  assert.equal(wrapped[0], '/x/bwrap');
  assert.deepEqual(wrapped.slice(-4), ['--', 'bash', '-c', 'x']);
});

test('fail closed: a missing bwrap is a clear error and the command never runs', async (t) => {
  const f = await makeFixture(t);
  const sandbox = { kind: 'bubblewrap', bwrapPath: join(f.base, 'no-such-bwrap') } as const;
  await assert.rejects(assertSandboxAvailable(f.workspace, sandbox), (e) =>
    SandboxUnavailableError.isInstance(e),
  );
  const tools = toolsFor(f, { sandbox });
  const outcome = await call(tools.bash, { command: 'touch ran-unsandboxed' });
  assert.equal(outcome.kind, 'error');
  assert.match(
    text(outcome),
    /^Error: bubblewrap sandbox requested but .* cannot be started .*Nothing was run unsandboxed/,
  );
  assert.equal(existsSync(join(f.project, 'ran-unsandboxed')), false);
});

test('fail closed: a bwrap that cannot create namespaces is a clear error, never an unsandboxed run', async (t) => {
  const f = await makeFixture(t);
  const fake = join(f.base, 'fake-bwrap');
  // Behaves like bwrap in a container without user namespaces.
  writeFileSync(fake, '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n');
  chmodSync(fake, 0o755);
  const tools = toolsFor(f, { sandbox: { kind: 'bubblewrap', bwrapPath: fake } });
  for (let i = 0; i < 2; i++) {
    const outcome = await call(tools.bash, { command: 'touch ran-unsandboxed' });
    assert.equal(outcome.kind, 'error');
    assert.match(
      text(outcome),
      /cannot start here: bwrap: No permissions to create new namespace\. Nothing was run unsandboxed/,
    );
  }
  assert.equal(existsSync(join(f.project, 'ran-unsandboxed')), false);
});

test('trifecta legs follow the sandbox and the confirmer', async (t) => {
  const f = await makeFixture(t);
  assert.deepEqual(toolsFor(f).bash.trifectaLegs, {
    privateData: true,
    untrusted: 'hard',
    egress: 'unreviewed',
  });
  assert.deepEqual(toolsFor(f, { approve: false }).bash.trifectaLegs.egress, 'reviewed');
  assert.deepEqual(toolsFor(f, { sandbox: { kind: 'bubblewrap' } }).bash.trifectaLegs, {
    privateData: true,
    untrusted: 'none',
    egress: 'none',
  });
  assert.equal(
    toolsFor(f, { sandbox: { kind: 'bubblewrap', network: true } }).bash.trifectaLegs.egress,
    'unreviewed',
  );
  assert.deepEqual(toolsFor(f).read.trifectaLegs, { privateData: true, untrusted: 'none', egress: 'none' });
  assert.deepEqual(toolsFor(f).write.trifectaLegs, { privateData: false, untrusted: 'none', egress: 'none' });
  const untrusted = await Workspace.create({
    projectRoot: f.project,
    untrustedRoots: ['docs'],
    scratchParent: f.base,
  });
  t.after(() => untrusted.close());
  const { workspaceTools, autoApprove } = await import('../src/index.ts');
  const tools = workspaceTools(untrusted, { confirmer: autoApprove });
  assert.equal(tools.read.trifectaLegs.untrusted, 'hard');
  assert.equal(tools.grep.trifectaLegs.untrusted, 'hard');
  assert.deepEqual(Object.keys(tools), [
    'read',
    'write',
    'edit',
    'grep',
    'glob',
    'bash',
    'bash_output',
    'bash_kill',
  ]);
  assert.deepEqual(
    Object.values(tools).map((tool) => [tool.name, tool.sequential]),
    [
      ['read', false],
      ['write', true],
      ['edit', true],
      ['grep', false],
      ['glob', false],
      ['bash', true],
      ['bash_output', false],
      ['bash_kill', true],
    ],
  );
});
