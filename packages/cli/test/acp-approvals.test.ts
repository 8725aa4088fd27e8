// One approval, every surface, through ACP: the editor's permission request
// also waits in the user's inbox. Answered in the editor, `kodama approve`
// is told it came late; answered by `kodama approve` while the editor still
// shows it, that answer counts and the editor's later one does not.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as acp from '@agentclientprotocol/sdk';
import { allowOnce, rejectOnce, startEditor } from './support/acp-client.ts';
import { acpFlags, acpProject, stepModel } from './support/acp-project.ts';
import { runKodama } from './support/run-kodama.ts';

const edit = { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } };

async function waiting(env: NodeJS.ProcessEnv) {
  const listed = await runKodama(['approvals', '--json'], env);
  assert.equal(listed.code, 0, listed.stderr);
  return listed.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; surface: string; sessionId?: string; asks: string });
}

test('answered in the editor: the question was in the inbox while shown, and kodama approve afterwards does not count', async () => {
  const { root, env } = acpProject();
  const { model } = await stepModel([[edit]], 'Done.');
  let seen: Awaited<ReturnType<typeof waiting>> = [];
  const editor = await startEditor(acpFlags(model), env, {
    permission: async (request) => {
      seen = await waiting(env);
      return allowOnce(request);
    },
  });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'finish the notes' }],
    });
    assert.equal(done.stopReason, 'end_turn', editor.stderr());
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.surface, 'acp');
    assert.equal(seen[0]?.sessionId, sessionId);
    assert.equal(seen[0]?.asks, editor.permissions[0]?.toolCall.title);
    const late = await runKodama(['approve', seen[0]?.id as string, '--deny'], env);
    assert.equal(late.code, 1);
    assert.match(late.stderr, /already approved by acp/);
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: final\n');
    assert.deepEqual(await waiting(env), []);
  } finally {
    await editor.close();
  }
});

test("answered by kodama approve while the editor shows it: that answer counts, the editor's later reject does not", async () => {
  const { root, env } = acpProject();
  const { model } = await stepModel([[edit]], 'Done.');
  let approving: ReturnType<typeof runKodama> | undefined;
  const editor = await startEditor(acpFlags(model), env, {
    permission: async (request) => {
      const [pending] = await waiting(env);
      approving = runKodama(['approve', pending?.id as string], env);
      await approving;
      return rejectOnce(request);
    },
  });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'finish the notes' }],
    });
    assert.equal(done.stopReason, 'end_turn', editor.stderr());
    const approved = await approving;
    assert.equal(approved?.code, 0, approved?.stderr);
    assert.match(approved?.stdout ?? '', /^approved: edit notes.txt .*asked by an editor \(ACP\) in /);
    assert.doesNotMatch(approved?.stdout ?? '', /has not taken the answer yet/);
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: final\n');
    assert.equal(editor.permissions.length, 1, 'asked once');
  } finally {
    await editor.close();
  }
});
