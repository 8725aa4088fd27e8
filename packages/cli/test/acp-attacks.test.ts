// `kodama acp` under attack, through the real command and the ACP SDK's
// client: an edit the editor rejects leaves the file as it was; a project's
// own configuration cannot widen the rules until the folder is trusted (and
// once trusted it does: the test can fail both ways); a path outside the
// session's folder is refused, also through the client's filesystem, which
// is never asked about it; a session id climbing out of the store loads
// nothing; a control file is never allowed "for this session"; a forged
// answer (an option not offered) approves nothing.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import * as acp from '@agentclientprotocol/sdk';
import { rejectOnce, startEditor, updatesOf } from './support/acp-client.ts';
import { acpFlags, acpProject, requestText, stepModel, toolResults } from './support/acp-project.ts';

const edit = { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } };

test('an edit the editor rejects is not made: the file is unchanged and the model is told', async () => {
  const { root, env } = acpProject();
  const { server, model } = await stepModel([[edit]], 'ok');
  const editor = await startEditor(acpFlags(model), env, { permission: rejectOnce });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(done.stopReason, 'end_turn');
    assert.equal(editor.permissions.length, 1);
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: draft\n');
    const end = updatesOf(editor.updates, sessionId, 'tool_call_update').at(-1);
    assert.equal(end?.status, 'failed');
    assert.ok(!JSON.stringify(end?.content).includes('"type":"diff"'), 'no diff shown for an edit not made');
    assert.match(
      toolResults(server.modelCalls.at(-1)!)[0] ?? '',
      /declined to edit notes\.txt; the file is unchanged/,
    );
  } finally {
    await editor.close();
  }
});

test("an untrusted project's allow rule does not skip the editor's question; trusted (--trust), it does", async () => {
  const { root, env } = acpProject();
  mkdirSync(join(root, '.kodama'));
  writeFileSync(
    join(root, '.kodama', 'config.json'),
    JSON.stringify({ permissions: { allow: ['edit(notes.txt)'] } }),
  );
  const { model } = await stepModel([[edit]], 'ok');
  const untrusted = await startEditor(acpFlags(model), env, { permission: rejectOnce });
  try {
    const { sessionId } = await untrusted.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    await untrusted.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(untrusted.permissions.length, 1, 'the project rule did not allow it');
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: draft\n');
    assert.match(untrusted.stderr(), /not trusted yet[\s\S]*only its deny and ask rules/);
  } finally {
    await untrusted.close();
  }
  const trusted = await startEditor(acpFlags(model, '--trust'), env, { permission: rejectOnce });
  try {
    const { sessionId } = await trusted.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    await trusted.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(trusted.permissions.length, 0, 'the trusted rule allowed it');
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: final\n');
  } finally {
    await trusted.close();
  }
});

test("paths outside the session's folder are refused, and the client's filesystem is never asked for them", async () => {
  const { root, outside, env } = acpProject();
  writeFileSync(join(outside, 'secret.txt'), 'TOPSECRET-4711');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
  const { server, model } = await stepModel(
    [
      [
        { name: 'read', arguments: { path: join(outside, 'secret.txt') } },
        { name: 'read', arguments: { path: '../outside/secret.txt' } },
        { name: 'write', arguments: { path: join(outside, 'planted.txt'), content: 'x' } },
        {
          name: 'edit',
          arguments: { path: '../outside/secret.txt', old_string: 'TOPSECRET', new_string: 'gone' },
        },
        { name: 'edit', arguments: { path: 'link.txt', old_string: 'TOPSECRET', new_string: 'gone' } },
      ],
    ],
    'ok',
  );
  const editor = await startEditor(acpFlags(model), env, { fs: true });
  try {
    await assert.rejects(editor.request(acp.methods.agent.session.new, { cwd: 'project', mcpServers: [] }));
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(done.stopReason, 'end_turn', editor.stderr());
    const ends = updatesOf(editor.updates, sessionId, 'tool_call_update').filter(
      (u) => u.status !== 'in_progress',
    );
    assert.deepEqual(
      ends.map((u) => u.status),
      ['failed', 'failed', 'failed', 'failed', 'failed'],
    );
    assert.ok(
      !requestText(server.modelCalls.at(-1)!).includes('TOPSECRET-4711'),
      'the secret never reached the model',
    );
    assert.equal(existsSync(join(outside, 'planted.txt')), false);
    assert.equal(readFileSync(join(outside, 'secret.txt'), 'utf8'), 'TOPSECRET-4711');
    assert.deepEqual(editor.fsCalls, [], 'the editor was never asked for a file outside the folder');
    assert.ok(!JSON.stringify(editor.updates).includes('TOPSECRET-4711'), 'nor shown one');
  } finally {
    await editor.close();
  }
});

test('a cancel while the editor is asked about a command: the turn ends cancelled and the command never runs', async () => {
  const { root, dir, env } = acpProject();
  const marker = join(dir, 'ran');
  const { model } = await stepModel([[{ name: 'bash', arguments: { command: `touch ${marker}` } }]], 'ok');
  let cancel: () => Promise<void> = async () => {};
  // The editor cancels the turn instead of answering, then answers the withdrawn question "cancelled".
  const editor = await startEditor(acpFlags(model), env, {
    permission: async () => {
      await cancel();
      return { outcome: { outcome: 'cancelled' } };
    },
  });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    cancel = () => editor.agent.notify(acp.methods.agent.session.cancel, { sessionId });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(done.stopReason, 'cancelled');
    assert.equal(editor.permissions.length, 1);
    const [asked] = editor.permissions;
    const [call] = updatesOf(editor.updates, sessionId, 'tool_call');
    assert.equal(call?.kind, 'execute');
    assert.equal(asked?.toolCall.toolCallId, call?.toolCallId);
    assert.equal(existsSync(marker), false, 'the command never ran');
  } finally {
    await editor.close();
  }
});

test("session/load of an id that climbs out of the sessions store ('../') loads nothing; the stored session itself loads", async () => {
  const { root, outside, env } = acpProject();
  const { model } = await stepModel([], 'Noted.');
  const first = await startEditor(acpFlags(model), env);
  let sessionId: string;
  try {
    ({ sessionId } = await first.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] }));
    await first.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'remember kiwi' }],
    });
  } finally {
    await first.close();
  }
  // A copy of a real session file outside the store, reached through the id.
  const sessions = join(env.XDG_DATA_HOME ?? '', 'kodama', 'sessions');
  copyFileSync(join(sessions, `${sessionId}.jsonl`), join(outside, 'planted.jsonl'));
  const traversal = relative(sessions, join(outside, 'planted'));
  assert.match(traversal, /^\.\.\//);
  const second = await startEditor(acpFlags(model), env);
  try {
    for (const id of [traversal, join(outside, 'planted'), `${sessionId}/../${sessionId}`])
      await assert.rejects(
        second.request(acp.methods.agent.session.load, { sessionId: id, cwd: root, mcpServers: [] }),
      );
    assert.deepEqual(second.updates, [], 'nothing was replayed');
    await second.request(acp.methods.agent.session.load, { sessionId, cwd: root, mcpServers: [] });
    assert.match(JSON.stringify(second.updates), /remember kiwi/);
  } finally {
    await second.close();
  }
});

test('a control file is never offered "Allow for this session": each write of it is asked, and a rejected one not made', async () => {
  const { root, env } = acpProject();
  const plant = (content: string) => ({ name: 'write', arguments: { path: '.mcp.json', content } });
  const { model } = await stepModel(
    [[plant('{"mcpServers":{}}\n')], [plant('{"mcpServers":{"x":{}}}\n')]],
    'ok',
  );
  const offered: string[][] = [];
  const editor = await startEditor(acpFlags(model), env, {
    permission: (request) => {
      offered.push(request.options.map((o) => `${o.kind}: ${o.name}`));
      // The first question answered "for this session" if it were offered (else once), the second rejected.
      const kind = offered.length === 1 ? 'allow_always' : 'reject_once';
      const option = request.options.find((o) => o.kind === kind) ?? request.options[0];
      return { outcome: { outcome: 'selected', optionId: option?.optionId ?? '' } };
    },
  });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(editor.permissions.length, 2, `each control-file write asked: ${editor.stderr()}`);
    assert.deepEqual(offered[0], ['allow_once: Allow once', 'reject_once: Reject']);
    assert.equal(
      readFileSync(join(root, '.mcp.json'), 'utf8'),
      '{"mcpServers":{}}\n',
      'the second write not made',
    );
  } finally {
    await editor.close();
  }
});

test('a forged answer approves nothing: an option id kodama did not offer, or "always" where only once was offered', async () => {
  const { root, dir, env } = acpProject();
  const marker = join(dir, 'ran');
  const { model } = await stepModel(
    [
      [{ name: 'bash', arguments: { command: `touch ${marker}` } }],
      [{ name: 'write', arguments: { path: '.mcp.json', content: '{"mcpServers":{}}\n' } }],
      [{ name: 'bash', arguments: { command: 'echo ordinary > done.txt' } }],
    ],
    'ok',
  );
  // Kodama's own id for "always", not offered for a control file; a made-up id; then a real allow.
  const forged = ['yes', 'allow-always'];
  const editor = await startEditor(acpFlags(model), env, {
    permission: (request) => {
      const optionId = forged.shift() ?? request.options.find((o) => o.kind === 'allow_once')?.optionId ?? '';
      return { outcome: { outcome: 'selected', optionId } };
    },
  });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(editor.permissions.length, 3, editor.stderr());
    assert.ok(!editor.permissions[1]?.options.some((o) => o.optionId === 'allow-always'));
    assert.equal(existsSync(marker), false, 'the command with a made-up answer never ran');
    assert.equal(existsSync(join(root, '.mcp.json')), false, 'the control file was not written');
    assert.equal(readFileSync(join(root, 'done.txt'), 'utf8'), 'ordinary\n', 'an offered allow still works');
  } finally {
    await editor.close();
  }
});
