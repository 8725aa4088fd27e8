// Hooks reach `kodama acp` as they do the assistant and -p: the user's
// PreToolUse hook that exits 2 blocks an edit before the editor is asked
// (its reason reaches the model); a hook matching another tool leaves the
// edit to the editor's answer.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as acp from '@agentclientprotocol/sdk';
import { startEditor } from './support/acp-client.ts';
import { acpFlags, acpProject, requestText, stepModel } from './support/acp-project.ts';

const edit = { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } };

/** `env` with a user configuration (its own XDG_CONFIG_HOME) holding `hooks`. */
function withUserHooks(env: NodeJS.ProcessEnv, hooks: unknown): NodeJS.ProcessEnv {
  const config = join(env.HOME as string, '.config');
  mkdirSync(join(config, 'kodama'), { recursive: true });
  writeFileSync(join(config, 'kodama', 'config.json'), JSON.stringify({ hooks }));
  return { ...env, XDG_CONFIG_HOME: config };
}

async function promptOnce(env: NodeJS.ProcessEnv, root: string, model: string) {
  const editor = await startEditor(acpFlags(model), env);
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'finish the notes' }],
    });
    assert.equal(done.stopReason, 'end_turn', editor.stderr());
    return { permissions: editor.permissions.length };
  } finally {
    await editor.close();
  }
}

test('a PreToolUse hook that exits 2 blocks the edit before the editor is asked; the model reads its reason', async () => {
  const project = acpProject();
  const { root } = project;
  const env = withUserHooks(project.env, {
    PreToolUse: [
      { matcher: 'Edit', hooks: [{ type: 'command', command: "echo 'notes are frozen' >&2; exit 2" }] },
    ],
  });
  const { server, model } = await stepModel([[edit]], 'Done.');
  const { permissions } = await promptOnce(env, root, model);
  assert.equal(permissions, 0, 'the editor was not asked');
  assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: draft\n');
  assert.match(
    requestText(server.modelCalls[1]!),
    /a PreToolUse hook blocked this edit call.*notes are frozen/,
  );
});

test('a hook matching another tool leaves the edit to the editor, which allows it', async () => {
  const project = acpProject();
  const { root } = project;
  const env = withUserHooks(project.env, {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 2' }] }],
  });
  const { model } = await stepModel([[edit]], 'Done.');
  const { permissions } = await promptOnce(env, root, model);
  assert.equal(permissions, 1);
  assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: final\n');
});
