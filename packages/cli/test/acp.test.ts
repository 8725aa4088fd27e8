// `kodama acp` end to end: the ACP SDK's own client drives the real command
// as a child process over stdio, against testkit's scripted model over HTTP.
// A turn that reads, edits (asked and granted through the client) and
// answers; the same edit written through the client's filesystem; a cancel
// mid-turn; a session saved by one process and loaded by the next; the modes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as acp from '@agentclientprotocol/sdk';
import { answerText, startEditor, updatesOf } from './support/acp-client.ts';
import { acpFlags, acpProject, requestText, stepModel } from './support/acp-project.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const edit = { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } };

test('a turn reads, edits with the permission asked and granted through the client, and answers', async () => {
  const { root, env } = acpProject();
  const { server, model } = await stepModel(
    [[{ name: 'read', arguments: { path: 'notes.txt' } }], [edit]],
    'Done: final.',
  );
  const editor = await startEditor(acpFlags(model), env);
  try {
    assert.equal(editor.initialize.agentCapabilities?.loadSession, true);
    const { sessionId, modes } = await editor.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    assert.match(sessionId, /^kodama-\d{8}-\d{6}-[0-9a-f]{4}$/);
    assert.equal(modes?.currentModeId, 'default');
    assert.deepEqual(
      modes?.availableModes.map((m) => m.id),
      ['default', 'accept-edits', 'plan'],
    );
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'finish the notes' }],
    });
    assert.equal(done.stopReason, 'end_turn', editor.stderr());
    assert.equal(answerText(editor.updates, sessionId), 'Done: final.');
    const calls = updatesOf(editor.updates, sessionId, 'tool_call');
    assert.deepEqual(
      calls.map((c) => [c.kind, c.title, c.locations]),
      [
        ['read', 'read notes.txt', [{ path: join(root, 'notes.txt') }]],
        ['edit', 'edit notes.txt', [{ path: join(root, 'notes.txt') }]],
      ],
    );
    // The read ran unasked; the edit was asked about once, on its own tool call, with its diff.
    assert.equal(editor.permissions.length, 1);
    const [asked] = editor.permissions;
    assert.equal(asked?.toolCall.toolCallId, calls[1]?.toolCallId);
    assert.deepEqual(
      asked?.options.map((o) => o.kind),
      ['allow_once', 'allow_always', 'reject_once'],
    );
    const diff = {
      type: 'diff',
      path: join(root, 'notes.txt'),
      oldText: 'status: draft\n',
      newText: 'status: final\n',
    };
    assert.deepEqual(asked?.toolCall.content?.[0], diff);
    const ends = updatesOf(editor.updates, sessionId, 'tool_call_update').filter(
      (u) => u.status === 'completed',
    );
    assert.equal(ends.length, 2);
    assert.deepEqual(ends[1]?.content?.[0], diff);
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: final\n');
    assert.match(requestText(server.modelCalls[1]!), /status: draft/, 'the model read the file');
  } finally {
    await editor.close();
  }
});

test("with the client filesystem offered, read and edit use the editor's unsaved text, and the edit is written by the client", async () => {
  const { root, env } = acpProject();
  const file = join(root, 'notes.txt');
  const { server, model } = await stepModel(
    [[{ name: 'read', arguments: { path: 'notes.txt' } }], [edit]],
    'Edited.',
  );
  const editor = await startEditor(acpFlags(model), env, {
    fs: true,
    buffers: { [file]: 'status: draft (unsaved)\n' },
  });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'finish' }],
    });
    assert.equal(done.stopReason, 'end_turn', editor.stderr());
    assert.ok(editor.fsCalls.includes(`read ${file}`), editor.fsCalls.join());
    assert.ok(editor.fsCalls.includes(`write ${file}`), editor.fsCalls.join());
    assert.match(requestText(server.modelCalls[1]!), /status: draft \(unsaved\)/, 'read showed the buffer');
    assert.equal(readFileSync(file, 'utf8'), 'status: final (unsaved)\n', 'the edit applied to the buffer');
    const result = updatesOf(editor.updates, sessionId, 'tool_call_update')
      .filter((u) => u.status === 'completed')
      .at(-1);
    assert.match(JSON.stringify(result?.content), /through the editor/);
  } finally {
    await editor.close();
  }
});

test('session/cancel mid-turn ends the prompt with stopReason cancelled, and the session goes on', async () => {
  const { root, env } = acpProject();
  let calls = 0;
  const server = await serve(() =>
    ++calls === 1
      ? { fault: 'stall', answer: { text: 'Let me think about this for a long while' }, afterEvents: 3 }
      : { text: 'Back again.' },
  );
  const editor = await startEditor(acpFlags(`openai-compatible:${server.url}/v1@scripted-model`), env);
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    const turn = editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'think' }],
    });
    while (answerText(editor.updates, sessionId) === '') await new Promise((r) => setTimeout(r, 20));
    await editor.agent.notify(acp.methods.agent.session.cancel, { sessionId });
    assert.equal((await turn).stopReason, 'cancelled');
    const next = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'again' }],
    });
    assert.equal(next.stopReason, 'end_turn');
    assert.match(answerText(editor.updates, sessionId), /Back again\.$/);
  } finally {
    await editor.close();
  }
});

test('a session saved by one kodama acp is loaded by the next: replayed to the editor, and continued', async () => {
  const { root, env } = acpProject();
  const { server, model } = await stepModel(
    [[{ name: 'read', arguments: { path: 'notes.txt' } }]],
    'Noted: kiwi.',
  );
  const first = await startEditor(acpFlags(model), env);
  const { sessionId } = await first.request(acp.methods.agent.session.new, {
    cwd: root,
    mcpServers: [],
  });
  // The model is told of the switch before the prompt; the editor's replay shows the prompt alone.
  await first.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'accept-edits' });
  await first.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text: 'remember the word kiwi' }],
  });
  assert.match(requestText(server.modelCalls[0]!), /The permission mode is now accept-edits/);
  assert.equal(await first.close(), 0, first.stderr());

  const second = await startEditor(acpFlags(model), env);
  try {
    await assert.rejects(
      second.request(acp.methods.agent.session.load, {
        sessionId: 'kodama-20000101-000000-0000',
        cwd: root,
        mcpServers: [],
      }),
    );
    const loaded = await second.request(acp.methods.agent.session.load, {
      sessionId,
      cwd: root,
      mcpServers: [],
    });
    assert.equal(loaded.modes?.currentModeId, 'default');
    const replay = second.updates.filter((u) => u.sessionId === sessionId).map((u) => u.update);
    assert.deepEqual(replay, [
      { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'remember the word kiwi' } },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'call_1',
        status: 'pending',
        kind: 'read',
        title: 'read notes.txt',
        locations: [{ path: join(root, 'notes.txt') }],
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_1',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: '     1\tstatus: draft' } }],
      },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Noted: kiwi.' } },
    ]);
    await second.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'which word?' }],
    });
    const last = server.modelCalls.at(-1)!;
    assert.match(requestText(last), /remember the word kiwi.*Noted: kiwi\..*which word\?/s);
    // Closed, the session takes no more prompts here (it stays in the store).
    await second.request(acp.methods.agent.session.close, { sessionId });
    await assert.rejects(
      second.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'x' }] }),
    );
  } finally {
    await second.close();
  }
});

test('the editor switches the permission mode: accept-edits writes unasked, plan refuses, bypass is not offered', async () => {
  const { root, env } = acpProject();
  // Every prompt: the edit, then "ok".
  const server = await serve((r) => {
    const messages = (r.body as { messages: Array<{ role: string }> }).messages;
    return messages.at(-1)?.role === 'user' ? { toolCalls: [edit] } : { text: 'ok' };
  });
  const editor = await startEditor(acpFlags(`openai-compatible:${server.url}/v1@scripted-model`), env);
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    await assert.rejects(editor.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'bypass' }));
    await editor.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'plan' });
    await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(
      readFileSync(join(root, 'notes.txt'), 'utf8'),
      'status: draft\n',
      'plan mode changed nothing',
    );
    await editor.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'accept-edits' });
    await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: final\n');
    assert.equal(editor.permissions.length, 0, 'neither mode asked');
  } finally {
    await editor.close();
  }
});

test('plan mode: the plan is asked about in the editor, and approving it switches the mode for the rest of the turn', async () => {
  const { root, env } = acpProject();
  const { server, model } = await stepModel(
    [[{ name: 'present_plan', arguments: { plan: '1. Change draft to final in notes.txt' } }], [edit]],
    'Carried out.',
  );
  const acceptEdits = (request: acp.RequestPermissionRequest): acp.RequestPermissionResponse => ({
    outcome: {
      outcome: 'selected',
      optionId: request.options.find((o) => o.kind === 'allow_always')?.optionId ?? '',
    },
  });
  const editor = await startEditor(acpFlags(model), env, { permission: acceptEdits });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    await editor.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'plan' });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'plan it' }],
    });
    assert.equal(done.stopReason, 'end_turn', editor.stderr());
    assert.match(requestText(server.modelCalls[0]!), /switched to plan mode/, 'the model was told the mode');
    const [planCall] = updatesOf(editor.updates, sessionId, 'tool_call');
    assert.equal(planCall?.kind, 'switch_mode');
    // One question, the plan's; the edit after it ran unasked in accept-edits.
    assert.equal(editor.permissions.length, 1);
    assert.equal(editor.permissions[0]?.toolCall.toolCallId, planCall?.toolCallId);
    assert.match(JSON.stringify(editor.permissions[0]?.toolCall.content), /Change draft to final/);
    assert.deepEqual(
      updatesOf(editor.updates, sessionId, 'current_mode_update').map((u) => u.currentModeId),
      ['accept-edits'],
    );
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: final\n');
  } finally {
    await editor.close();
  }
});

test('"Allow for this session" allows the narrowest rule for the rest of the session: the next edit of the file is not asked', async () => {
  const { root, env } = acpProject();
  const again = { name: 'edit', arguments: { path: 'notes.txt', old_string: 'final', new_string: 'done' } };
  const { model } = await stepModel([[edit], [again]], 'ok');
  const always = (request: acp.RequestPermissionRequest): acp.RequestPermissionResponse => ({
    outcome: {
      outcome: 'selected',
      optionId: request.options.find((o) => o.kind === 'allow_always')?.optionId ?? '',
    },
  });
  const editor = await startEditor(acpFlags(model), env, { permission: always });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(editor.permissions.length, 1, 'asked once');
    // The option names the rule it keeps, which may cover more than this call.
    assert.ok(
      editor.permissions[0]?.options.some((o) => o.name === 'Allow edit(notes.txt) for this session'),
      JSON.stringify(editor.permissions[0]?.options),
    );
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: done\n');
  } finally {
    await editor.close();
  }
});

test('a command asked about and allowed in the editor streams its output into its tool call as it runs', async () => {
  const { root, env } = acpProject();
  const { model } = await stepModel(
    [[{ name: 'bash', arguments: { command: 'echo live-line-1; echo live-line-2' } }]],
    'ok',
  );
  const editor = await startEditor(acpFlags(model), env);
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    const [call] = updatesOf(editor.updates, sessionId, 'tool_call');
    assert.equal(call?.kind, 'execute');
    assert.equal(call?.title, 'bash: echo live-line-1; echo live-line-2');
    assert.equal(editor.permissions.length, 1, 'bash was asked about');
    const updates = updatesOf(editor.updates, sessionId, 'tool_call_update');
    const live = updates.filter(
      (u) => u.status === undefined && JSON.stringify(u.content).includes('live-line-1'),
    );
    assert.ok(live.length > 0, 'output shown before the call ended');
    const end = updates.at(-1);
    assert.equal(end?.status, 'completed');
    assert.match(JSON.stringify(end?.content), /live-line-2/);
  } finally {
    await editor.close();
  }
});

test('under --yes nothing is asked, and an edit still goes through the editor when it offers its files', async () => {
  const { root, env } = acpProject();
  const { model } = await stepModel([[edit]], 'ok');
  const editor = await startEditor(acpFlags(model, '--yes'), env, { fs: true });
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    assert.equal(editor.permissions.length, 0);
    assert.ok(editor.fsCalls.includes(`write ${join(root, 'notes.txt')}`), editor.fsCalls.join());
    assert.equal(readFileSync(join(root, 'notes.txt'), 'utf8'), 'status: final\n');
  } finally {
    await editor.close();
  }
});
