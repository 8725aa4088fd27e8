// bash's legs per call: the parsed command decides whether a call can send
// bytes out and bring attacker content in; a sandbox without network decides
// for every command. The declared legs stay the worst case (the trifecta map).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AnyTool, TrifectaLegs } from '@kodama/core';
import { autoApprove, Workspace, workspaceTools } from '../src/index.ts';
import { makeFixture, toolsFor } from './fixture.ts';

const LOCAL: TrifectaLegs = { privateData: true, untrusted: 'none', egress: 'none' };
const FULL: TrifectaLegs = { privateData: true, untrusted: 'hard', egress: 'unreviewed' };

async function legsOf(bash: AnyTool, command: string): Promise<TrifectaLegs> {
  assert.ok(bash.legsOf, 'bash judges each call');
  return bash.legsOf({ command });
}

for (const command of [
  'npm test',
  'git status',
  'git diff --stat && npm run build',
  'grep -rn TODO src | head',
]) {
  test(`bash "${command}" is no egress and brings nothing untrusted in`, async (t) => {
    const f = await makeFixture(t);
    assert.deepEqual(await legsOf(toolsFor(f).bash, command), LOCAL);
  });
}

for (const command of [
  'curl -s https://example.com',
  'git fetch origin',
  'npm install left-pad',
  'echo $(cat .env)',
  'cat <<EOF\nx\nEOF',
  'env curl x',
]) {
  test(`bash ${JSON.stringify(command)} has bash's full legs (network or beyond the plain subset)`, async (t) => {
    const f = await makeFixture(t);
    assert.deepEqual(await legsOf(toolsFor(f).bash, command), FULL);
  });
}

test('under bubblewrap without network even curl is no egress', async (t) => {
  const f = await makeFixture(t);
  const bash = toolsFor(f, { sandbox: { kind: 'bubblewrap' } }).bash;
  assert.deepEqual(await legsOf(bash, 'curl -s https://example.com'), LOCAL);
});

test('under bubblewrap with network, the command decides', async (t) => {
  const f = await makeFixture(t);
  const bash = toolsFor(f, { sandbox: { kind: 'bubblewrap', network: true } }).bash;
  assert.deepEqual(await legsOf(bash, 'npm test'), LOCAL);
  assert.deepEqual(await legsOf(bash, 'wget x'), FULL);
});

test('with a root marked untrusted, local command output is untrusted too', async (t) => {
  const f = await makeFixture(t);
  const untrusted = await Workspace.create({
    projectRoot: f.project,
    untrustedRoots: ['docs'],
    scratchParent: f.base,
  });
  t.after(() => untrusted.close());
  const bash = workspaceTools(untrusted, { confirmer: autoApprove }).bash;
  assert.deepEqual(await legsOf(bash, 'npm test'), { ...LOCAL, untrusted: 'hard' });
});
