// Hooks through `kodama -p`, end to end: the real command against the
// testkit model over HTTP, hooks configured in the user's config.json (and a
// project's .kodama/config.json) as Claude Code users write them. A
// PreToolUse hook that exits 2 or answers deny blocks the call (its reason
// reaches the model); one that answers allow runs a call no one could
// approve, but never one a deny rule or the control-file guard stops;
// UserPromptSubmit and PostToolUse add context, marked as a hook's; a hook
// that hangs is killed with its grandchild and the call is blocked; an
// untrusted project's hook never runs while the user's does.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { running } from './support/mcp-project.ts';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

type Message = { role: string; content: unknown };
const messages = (r: RecordedRequest | undefined): Message[] =>
  (r?.body as { messages?: Message[] } | undefined)?.messages ?? [];
const text = (m: Message | undefined) =>
  typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content);

/** A project, a home and a user config.json holding `hooks` (and `more`). */
async function project(hooks: unknown, more: Record<string, unknown> = {}) {
  const root = await mkdtemp(join(tmpdir(), 'kodama-hooks-'));
  const config = join(root, '.xdg');
  await mkdir(join(config, 'kodama'), { recursive: true });
  await writeFile(join(config, 'kodama', 'config.json'), JSON.stringify({ hooks, ...more }));
  const env = isolatedEnv({
    HOME: join(root, '.home'),
    XDG_DATA_HOME: join(root, '.data'),
    XDG_CONFIG_HOME: config,
  });
  return { root, env };
}

/** A model that calls `tool` once with `args`, then answers with the tool result it saw. */
async function oneCall(tool: string, args: Record<string, unknown>) {
  return serve((r) => {
    const lastMessage = messages(r).at(-1);
    return lastMessage?.role === 'tool'
      ? { text: `saw: ${text(lastMessage)}` }
      : { toolCalls: [{ name: tool, arguments: args }] };
  });
}

const flags = (server: { url: string }, root: string, ...more: string[]) => [
  '--model',
  `openai-compatible:${server.url}/v1`,
  '--root',
  root,
  '--no-skills',
  '--tools',
  'read,write,edit,bash',
  ...more,
];

const pre = (matcher: string, command: string, extra: Record<string, unknown> = {}) => ({
  PreToolUse: [{ matcher, hooks: [{ type: 'command', command, ...extra }] }],
});

test('a PreToolUse hook that exits 2 blocks the call; its stderr is the reason the model reads', async () => {
  const { root, env } = await project(pre('Bash', "echo 'no bash today' >&2; exit 2"));
  const server = await oneCall('bash', { command: 'touch ran' });
  const out = await runKodama(['-p', 'go', ...flags(server, root, '--yes')], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(root, 'ran')), false, 'the blocked command never ran');
  const result = text(messages(server.modelCalls[1]).at(-1));
  assert.match(
    result,
    /a PreToolUse hook blocked this bash call, so it was not run: no bash today \(the hook "echo 'no bash today' >&2; exit 2" in \S+config\.json\)/,
  );
  assert.match(result, /no bash today/);
});

test('a PreToolUse hook answering {"decision":"deny"} blocks; one matching another tool lets the call run', async () => {
  const deny = `echo '{"decision":"deny","reason":"writes are frozen"}'`;
  const { root, env } = await project({
    PreToolUse: [
      { matcher: 'Write|writesFile', hooks: [{ type: 'command', command: deny }] },
      { matcher: 'Read', hooks: [{ type: 'command', command: 'exit 2' }] },
    ],
  });
  const server = await oneCall('write', { path: 'a.txt', content: 'x' });
  const out = await runKodama(['-p', 'go', ...flags(server, root, '--yes')], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(root, 'a.txt')), false);
  assert.match(text(messages(server.modelCalls[1]).at(-1)), /blocked this write call.*writes are frozen/s);
  // The same hooks, a bash call: neither matcher takes it, and it runs.
  const other = await oneCall('bash', { command: 'touch ran' });
  assert.equal((await runKodama(['-p', 'go', ...flags(other, root, '--yes')], env)).code, 0);
  assert.equal(existsSync(join(root, 'ran')), true);
});

const allow = `cat > "$KODAMA_PROJECT_DIR/seen.json"; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"ok by hook"}}'`;

test('a PreToolUse allow runs a call no one could approve (no terminal), and the hook read the event on stdin', async () => {
  const { root, env } = await project(pre('Bash', allow));
  const server = await oneCall('bash', { command: 'touch ran' });
  const out = await runKodama(['-p', 'go', ...flags(server, root)], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(root, 'ran')), true, out.stderr);
  const seen = JSON.parse(await readFile(join(root, 'seen.json'), 'utf8'));
  assert.equal(seen.hook_event_name, 'PreToolUse');
  assert.equal(seen.tool_name, 'bash');
  assert.deepEqual(seen.tool_input, { command: 'touch ran' });
  assert.equal(seen.cwd, root);
  assert.match(seen.session_id, /^kodama-/);
  // Without the hook, the same call is refused: nobody could approve it.
  const { root: bare, env: bareEnv } = await project({});
  const again = await oneCall('bash', { command: 'touch ran' });
  await runKodama(['-p', 'go', ...flags(again, bare)], bareEnv);
  assert.equal(existsSync(join(bare, 'ran')), false);
});

test('a PreToolUse ask makes a call ask that a rule allows (refused here: no terminal to ask on)', async () => {
  const ask = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}'`;
  const { root, env } = await project(pre('Bash', ask), { permissions: { allow: ['bash(touch:*)'] } });
  const server = await oneCall('bash', { command: 'touch ran' });
  const out = await runKodama(['-p', 'go', ...flags(server, root)], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(root, 'ran')), false, 'asked, and nobody could answer');
  assert.match(out.stderr, /bash "touch ran" was not run: it needs approval and stdin is not a terminal/);
  // Without the hook, the allow rule runs it.
  const { root: plain, env: plainEnv } = await project({}, { permissions: { allow: ['bash(touch:*)'] } });
  const again = await oneCall('bash', { command: 'touch ran' });
  assert.equal((await runKodama(['-p', 'go', ...flags(again, plain)], plainEnv)).code, 0);
  assert.equal(existsSync(join(plain, 'ran')), true);
});

test("a PreToolUse allow never beats a deny rule, nor a control file's question", async () => {
  const { root, env } = await project(pre('*', allow), { permissions: { deny: ['bash(touch:*)'] } });
  const server = await oneCall('bash', { command: 'touch ran' });
  await runKodama(['-p', 'go', ...flags(server, root)], env);
  assert.equal(existsSync(join(root, 'ran')), false);
  assert.match(text(messages(server.modelCalls[1]).at(-1)), /the permission rule "bash\(touch:\*\)"/);
  const write = await oneCall('write', { path: '.mcp.json', content: '{}' });
  await runKodama(['-p', 'go', ...flags(write, root, '--yes')], env);
  assert.equal(existsSync(join(root, '.mcp.json')), false, 'a control file still needs a person');
  assert.match(text(messages(write.modelCalls[1]).at(-1)), /control file/);
  // Nor can the model add a hook of its own: the user's configuration is a control file too.
  const userConfig = join(env.XDG_CONFIG_HOME ?? '', 'kodama', 'config.json');
  const before = await readFile(userConfig, 'utf8');
  const sneak = await oneCall('bash', { command: `echo '{"hooks":{}}' > ${userConfig}` });
  await runKodama(['-p', 'go', ...flags(sneak, root, '--yes')], env);
  assert.equal(await readFile(userConfig, 'utf8'), before);
  assert.match(text(messages(sneak.modelCalls[1]).at(-1)), /control file/);
});

test('UserPromptSubmit stdout and PostToolUse additionalContext reach the model, marked as a hook’s', async () => {
  const post = `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint: clean"}}'`;
  const { root, env } = await project({
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "the build is green"' }] }],
    PostToolUse: [{ matcher: 'bash', hooks: [{ type: 'command', command: post }] }],
  });
  const server = await oneCall('bash', { command: 'echo hi' });
  const out = await runKodama(['-p', 'go', ...flags(server, root, '--yes')], env);
  assert.equal(out.code, 0, out.stderr);
  const first = messages(server.modelCalls[0]).map(text).join('\n');
  assert.match(
    first,
    /\[context from the UserPromptSubmit hook "echo \\?"the build is green\\?"" in \S+\]\s+the build is green/,
  );
  const result = text(messages(server.modelCalls[1]).at(-1));
  assert.match(result, /hi[\s\S]*\[context from the PostToolUse hook .*\]\s+lint: clean/);
});

test('a PreToolUse hook that hangs is killed at its timeout with its grandchild, and the call is blocked', async () => {
  const hang = 'sleep 300 & echo $! > "$KODAMA_PROJECT_DIR/grandchild.pid"; wait';
  const { root, env } = await project(pre('bash', hang, { timeout: 1 }));
  const server = await oneCall('bash', { command: 'touch ran' });
  const started = Date.now();
  const out = await runKodama(['-p', 'go', ...flags(server, root, '--yes')], env);
  assert.equal(out.code, 0, out.stderr);
  assert.ok(Date.now() - started < 60_000);
  assert.equal(existsSync(join(root, 'ran')), false);
  assert.match(
    text(messages(server.modelCalls[1]).at(-1)),
    /blocked this bash call, so it was not run: the hook timed out after 1s and was killed, and it fails closed \(the hook "sleep 300 &.*" in \S+config\.json\)/,
  );
  const pid = Number(await readFile(join(root, 'grandchild.pid'), 'utf8'));
  assert.equal(running(pid), false, 'the grandchild is dead');
});

test('a failing hook with failClosed false lets the call go on, with a line on stderr', async () => {
  const { root, env } = await project(pre('bash', 'exit 7', { failClosed: false }));
  const server = await oneCall('bash', { command: 'touch ran' });
  const out = await runKodama(['-p', 'go', ...flags(server, root, '--yes')], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(root, 'ran')), true);
  assert.match(
    out.stderr,
    /kodama: PreToolUse hook "exit 7" \(\S+\) exited with status 7; going on without it/,
  );
});

test("an untrusted project's hook never runs; the same hook in the user's file does; trusted, the project's runs too", async () => {
  const touch = (name: string) => `touch "$KODAMA_PROJECT_DIR/${name}"`;
  const { root, env } = await project({
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: touch('user-ran') }] }],
  });
  await mkdir(join(root, '.kodama'));
  const hooks = {
    SessionStart: [{ hooks: [{ type: 'command', command: touch('project-ran') }] }],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: touch('project-ran') }] }],
    PreToolUse: [{ hooks: [{ type: 'command', command: touch('project-ran') }] }],
  };
  await writeFile(join(root, '.kodama', 'config.json'), JSON.stringify({ hooks }));
  // Not yet trusted, with no terminal to ask on: refused, the trust question listing every hook.
  const server = await oneCall('read', { path: '.' });
  const refused = await runKodama(['-p', 'go', ...flags(server, root)], env);
  assert.equal(refused.code, 2);
  assert.match(
    refused.stderr,
    /\.kodama\/config\.json would run at SessionStart: touch .*project-ran.* \(a hook\)/,
  );
  assert.match(refused.stderr, /would run at PreToolUse: touch/);
  assert.equal(existsSync(join(root, 'project-ran')), false);
  // Answered no: kodama goes on with only what narrows; the user's hook runs, the project's never.
  assert.equal((await runKodama(['trust', '--revoke', '--root', root], env)).code, 0);
  const out = await runKodama(['-p', 'go', ...flags(server, root)], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(root, 'user-ran')), true, "the user's hook ran");
  assert.equal(existsSync(join(root, 'project-ran')), false, "the untrusted project's hook never ran");
  const trusted = await oneCall('read', { path: '.' });
  assert.equal((await runKodama(['-p', 'go', ...flags(trusted, root, '--trust')], env)).code, 0);
  assert.equal(existsSync(join(root, 'project-ran')), true, 'trusted, it runs');
});

test('a bad hooks key is a configuration error naming the place', async () => {
  const { root, env } = await project({
    PreToolUse: [{ matcher: 'bash', hooks: [{ type: 'command', timeout: 5 }] }],
  });
  const server = await oneCall('read', { path: '.' });
  const out = await runKodama(['-p', 'go', ...flags(server, root)], env);
  assert.equal(out.code, 2);
  assert.match(out.stderr, /"hooks\.PreToolUse\[0\]\.hooks\[0\]\.command" must be a command line/);
});

test('SessionStart adds context to the first prompt; Stop and SessionEnd run at the end, each with its event on stdin', async () => {
  const keep = (name: string) => `cat > "$KODAMA_PROJECT_DIR/${name}.json"`;
  const { root, env } = await project({
    SessionStart: [
      {
        matcher: 'startup',
        hooks: [{ type: 'command', command: `${keep('start')}; echo "on branch main"` }],
      },
    ],
    Stop: [{ hooks: [{ type: 'command', command: keep('stop') }] }],
    SessionEnd: [{ hooks: [{ type: 'command', command: keep('end') }] }],
  });
  const server = await serve([{ text: 'done' }]);
  const out = await runKodama(['-p', 'go', ...flags(server, root)], env);
  assert.equal(out.code, 0, out.stderr);
  assert.match(
    messages(server.modelCalls[0]).map(text).join('\n'),
    /\[context from the SessionStart hook .*\]\s+on branch main/,
  );
  const read = async (name: string) => JSON.parse(await readFile(join(root, `${name}.json`), 'utf8'));
  const start = await read('start');
  assert.equal(start.hook_event_name, 'SessionStart');
  assert.equal(start.source, 'startup');
  assert.equal((await read('stop')).hook_event_name, 'Stop');
  const end = await read('end');
  assert.equal(end.hook_event_name, 'SessionEnd');
  assert.equal(end.session_id, start.session_id);
});

test('a UserPromptSubmit hook that exits 2 blocks the prompt: the model is never asked, the reason is said', async () => {
  const { root, env } = await project({
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "no prompts on fridays" >&2; exit 2' }] }],
  });
  const server = await serve([{ text: 'should not be asked' }]);
  const out = await runKodama(['-p', 'go', ...flags(server, root)], env);
  assert.equal(out.code, 1);
  assert.match(out.stderr, /a UserPromptSubmit hook blocked this prompt: no prompts on fridays/);
  assert.equal(server.modelCalls.length, 0);
});

test("a sub-agent's tool calls meet the PreToolUse hooks too; SubagentStop runs when its turn ends", async () => {
  const { root, env } = await project({
    PreToolUse: [
      { matcher: 'Read', hooks: [{ type: 'command', command: 'echo "no reading VERSION" >&2; exit 2' }] },
    ],
    SubagentStop: [{ hooks: [{ type: 'command', command: 'cat > "$KODAMA_PROJECT_DIR/sub.json"' }] }],
  });
  await writeFile(join(root, 'VERSION'), '4.2.0\n');
  const server = await serve((request) => {
    const all = messages(request);
    const results = all.filter((m) => m.role === 'tool');
    if (text(all[0]).startsWith('You are FILE_MINER'))
      return results.length === 0
        ? { toolCalls: [{ name: 'read', arguments: { path: 'VERSION' } }] }
        : { text: `miner saw: ${text(results[0])}` };
    return results.length === 0
      ? { toolCalls: [{ name: 'agent', arguments: { name: 'file_miner', task: 'Which version is this?' } }] }
      : { text: `answer: ${text(results[0])}` };
  });
  const out = await runKodama(['-p', 'version?', ...flags(server, root).slice(0, -1), 'agent'], env);
  assert.equal(out.code, 0, out.stderr);
  assert.match(
    out.stdout,
    /answer: miner saw: .*a PreToolUse hook blocked this read call, so it was not run: no reading VERSION/,
  );
  const sub = JSON.parse(await readFile(join(root, 'sub.json'), 'utf8'));
  assert.equal(sub.hook_event_name, 'SubagentStop');
  assert.ok(typeof sub.agent_id === 'string' && sub.agent_id !== '');
});

test('a blocked prompt is not kept: the next turn of the session never sends it to the model', async () => {
  const guard = `grep -q hunter2 && { echo "that looks like a password" >&2; exit 2; }; exit 0`;
  const { root, env } = await project({
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: guard }] }],
  });
  const server = await serve([{ text: 'fine' }]);
  const blocked = await runKodama(['-p', 'my password is hunter2', ...flags(server, root)], env);
  assert.equal(blocked.code, 1);
  assert.match(blocked.stderr, /blocked this prompt: that looks like a password/);
  const next = await runKodama(['-p', 'hello', '--continue', ...flags(server, root)], env);
  assert.equal(next.code, 0, next.stderr);
  assert.equal(server.modelCalls.length, 1);
  const sent = JSON.stringify(messages(server.modelCalls[0]));
  assert.match(sent, /hello/);
  assert.doesNotMatch(sent, /hunter2/);
});

test("kodama ask runs the user configuration's hooks too: a PreToolUse block stops the call, SessionStart adds context", async () => {
  const { root, env } = await project({
    ...pre('Bash', "echo 'not from ask' >&2; exit 2"),
    SessionStart: [{ hooks: [{ type: 'command', command: "echo 'the build is make'" }] }],
  });
  const server = await oneCall('bash', { command: 'touch ran' });
  const out = await runKodama(['ask', 'go', ...flags(server, root, '--yes')], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(root, 'ran')), false, 'the blocked command never ran');
  assert.match(
    text(messages(server.modelCalls[1]).at(-1)),
    /a PreToolUse hook blocked this bash call.*not from ask/,
  );
  assert.match(JSON.stringify(messages(server.modelCalls[0])), /the build is make/);
});
