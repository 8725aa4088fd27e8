// The assistant's one table of background work, over the real tables: a
// workspace's background commands and the sub-agents extension's background
// sub-agents. Listed together, counted together, each kill reaches its own.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BackgroundAgents } from '@kodama/subagents';
import { Workspace } from '@kodama/workspace';
import { agentsControl, commandsControl, joinedControl } from '../src/background-control.ts';

test('commands and sub-agents in one list and one count; /tasks kill ends the one it names', async (t) => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-bgc-'));
  const workspace = await Workspace.create({ projectRoot: root });
  t.after(async () => {
    await workspace.close();
    await rm(root, { recursive: true, force: true });
  });
  const agents = new BackgroundAgents(2);
  const joined = joinedControl([commandsControl(workspace.background), agentsControl(agents)]);
  assert.ok(joined);
  let changes = 0;
  const off = joined.onChange(() => changes++);
  workspace.background.start(['sleep', '1000'], { command: 'sleep 1000', cwd: root, env: process.env });
  const run = agents.start('researcher 0', 'researcher', 'find the date');
  assert.ok(run);
  assert.equal(joined.running, 2);
  assert.equal(changes, 2);
  assert.deepEqual(
    joined.list().map((v) => [v.id, v.kind, v.label, v.status, v.running]),
    [
      ['bash-1', 'command', 'sleep 1000', 'running', true],
      ['agent-1', 'agent', 'researcher: find the date', 'running', true],
    ],
  );
  // The sub-agent's run settles once aborted (as runSubAgent's does).
  run.signal.addEventListener('abort', () => run.finish({ state: 'killed', reason: 'closed' }));
  assert.match((await joined.kill('agent-1')) ?? '', /^killed after \d+s$/);
  assert.ok(run.signal.aborted);
  assert.equal(joined.running, 1);
  assert.match((await joined.kill('bash-1')) ?? '', /^killed after \d+s$/);
  assert.equal(joined.running, 0);
  assert.equal(await joined.kill('agent-9'), undefined);
  // Ctrl+B reaches the commands only; a sub-agent has nothing to move.
  assert.deepEqual(joined.moveToBackground(), []);
  const seen = changes;
  off();
  agents.start('x 1', 'x', 'y');
  assert.equal(changes, seen, 'unsubscribed from both');
});

test('one part alone is itself, none is undefined', () => {
  const agents = agentsControl(new BackgroundAgents(1));
  assert.equal(joinedControl([undefined, agents]), agents);
  assert.equal(joinedControl([undefined, undefined]), undefined);
});
