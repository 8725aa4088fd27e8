// `--code-mode` through the real command, against the testkit model over
// HTTP: the model holds only exec, wait and stop; a program's calls go to the
// tools as the CLI wrapped them, so the permission gate and a PreToolUse hook
// refuse a program's bash call as they refuse a direct one, and --yes lets it
// run; `kodama trifecta --code-mode` shows exec with the catalog's legs.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

type Message = { role: string; content: unknown };
const messages = (r: RecordedRequest | undefined): Message[] =>
  (r?.body as { messages?: Message[] } | undefined)?.messages ?? [];
const toolNames = (r: RecordedRequest | undefined) =>
  ((r?.body as { tools?: Array<{ function: { name: string } }> } | undefined)?.tools ?? []).map(
    (t) => t.function.name,
  );

/** A model that makes one call (`exec` with `source`, or another tool), then answers with the result it saw. */
function oneCall(call: { name: string; arguments: Record<string, unknown> }) {
  return serve((r) => {
    const last = messages(r).at(-1);
    return last?.role === 'tool' ? { text: `saw: ${String(last.content)}` } : { toolCalls: [call] };
  });
}
const exec = (source: string) => ({ name: 'exec', arguments: { source } });

async function project(config?: Record<string, unknown>) {
  const root = await mkdtemp(join(tmpdir(), 'kodama-code-mode-'));
  const xdg = join(root, '.xdg');
  if (config) {
    await mkdir(join(xdg, 'kodama'), { recursive: true });
    await writeFile(join(xdg, 'kodama', 'config.json'), JSON.stringify(config));
  }
  const env = isolatedEnv({
    HOME: join(root, '.home'),
    XDG_DATA_HOME: join(root, '.data'),
    ...(config ? { XDG_CONFIG_HOME: xdg } : {}),
  });
  return { root, env };
}
const flags = (server: { url: string }, root: string, ...more: string[]) => [
  '--model',
  `openai-compatible:${server.url}/v1`,
  '--root',
  root,
  '--no-skills',
  ...more,
];

const SUM = `const [a, b] = await tools.parallel(
  () => tools.read({ path: 'a.txt' }),
  () => tools.read({ path: 'b.txt' }),
)
const numbers = (s) => s.split('\\n').map((l) => Number(l.split(' ').at(-1)) || 0)
;[...numbers(a), ...numbers(b)].reduce((x, y) => x + y, 0)`;

test('kodama ask --code-mode: the model sees only exec, wait and stop; one program reads two files and sums them', async () => {
  const { root, env } = await project();
  await writeFile(join(root, 'a.txt'), 'apples 3\npears 4\n');
  await writeFile(join(root, 'b.txt'), 'plums 35\n');
  const server = await oneCall(exec(SUM));
  const out = await runKodama(
    ['ask', 'total?', '--code-mode', ...flags(server, root, '--tools', 'read')],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
  assert.deepEqual(toolNames(server.modelCalls[0]), ['exec', 'wait', 'stop']);
  assert.match(
    String(messages(server.modelCalls[0])[0]?.content),
    /declare const tools: \{[\s\S]*read\(args/,
  );
  const result = JSON.parse(String(messages(server.modelCalls[1]).at(-1)?.content)) as Record<
    string,
    unknown
  >;
  assert.deepEqual([result.status, result.value, result.tool_calls], ['completed', 42, 2]);
  assert.match(out.stdout, /saw: .*"value":42/);
  // Without the flag, the same command offers read itself.
  const direct = await oneCall({ name: 'read', arguments: { path: 'a.txt' } });
  assert.equal((await runKodama(['ask', 'x', ...flags(direct, root, '--tools', 'read')], env)).code, 0);
  assert.deepEqual(toolNames(direct.modelCalls[0]), ['read']);
});

const BASH = `let r
try { await tools.bash({ command: 'touch marker' }); r = 'ran' } catch (e) { r = 'refused: ' + e.message }
r`;

test('kodama -p --code-mode: a program calling bash with no terminal is refused as a direct call is; --yes runs it', async () => {
  const { root, env } = await project();
  const direct = await oneCall({ name: 'bash', arguments: { command: 'touch marker' } });
  assert.equal((await runKodama(['-p', 'go', ...flags(direct, root, '--tools', 'bash')], env)).code, 0);
  const directResult = String(messages(direct.modelCalls[1]).at(-1)?.content);
  assert.match(directResult, /^Error: user declined to run the command; it was not run/);
  assert.equal(existsSync(join(root, 'marker')), false);

  const refused = await oneCall(exec(BASH));
  const out = await runKodama(['-p', 'go', '--code-mode', ...flags(refused, root, '--tools', 'bash')], env);
  assert.equal(out.code, 0, out.stderr);
  const value = JSON.parse(String(messages(refused.modelCalls[1]).at(-1)?.content)).value;
  assert.equal(value, `refused: ${directResult.replace(/^Error: /, '')}`, 'the message the direct call got');
  assert.match(out.stderr, /bash "touch marker" was not run: it needs approval and stdin is not a terminal/);
  assert.equal(existsSync(join(root, 'marker')), false, 'the refused command never ran');

  const allowed = await oneCall(exec(BASH));
  const yes = await runKodama(
    ['-p', 'go', '--code-mode', '--yes', ...flags(allowed, root, '--tools', 'bash')],
    env,
  );
  assert.equal(yes.code, 0, yes.stderr);
  assert.equal(JSON.parse(String(messages(allowed.modelCalls[1]).at(-1)?.content)).value, 'ran');
  assert.equal(existsSync(join(root, 'marker')), true);
});

test('"codeMode": true in the configuration turns it on; a PreToolUse hook blocks a program\'s bash call', async () => {
  const hook = { matcher: 'Bash', hooks: [{ type: 'command', command: "echo 'no bash today' >&2; exit 2" }] };
  const { root, env } = await project({ codeMode: true, hooks: { PreToolUse: [hook] } });
  const server = await oneCall(exec(BASH));
  const out = await runKodama(['ask', 'go', '--yes', ...flags(server, root, '--tools', 'bash')], env);
  assert.equal(out.code, 0, out.stderr);
  assert.deepEqual(toolNames(server.modelCalls[0]), ['exec', 'wait', 'stop']);
  const value = String(JSON.parse(String(messages(server.modelCalls[1]).at(-1)?.content)).value);
  assert.match(value, /^refused: a PreToolUse hook blocked this bash call, so it was not run: no bash today/);
  assert.equal(existsSync(join(root, 'marker')), false, 'the blocked command never ran, even with --yes');
  // --no-code-mode wins over the configuration.
  const direct = await oneCall({ name: 'bash', arguments: { command: 'true' } });
  const off = await runKodama(
    ['ask', 'go', '--no-code-mode', ...flags(direct, root, '--tools', 'bash')],
    env,
  );
  assert.equal(off.code, 0, off.stderr);
  assert.deepEqual(toolNames(direct.modelCalls[0]), ['bash']);
});

test("kodama -p --code-mode --yes: the permission gate's deny rule refuses a program's call with the direct call's message", async () => {
  const { root, env } = await project({ permissions: { deny: ['bash(touch:*)'] } });
  const direct = await oneCall({ name: 'bash', arguments: { command: 'touch marker' } });
  assert.equal(
    (await runKodama(['-p', 'go', '--yes', ...flags(direct, root, '--tools', 'bash')], env)).code,
    0,
  );
  const directResult = String(messages(direct.modelCalls[1]).at(-1)?.content);
  assert.match(directResult, /the permission rule "bash\(touch:\*\)" in \S+ denies this call/);
  const server = await oneCall(exec(BASH));
  const out = await runKodama(
    ['-p', 'go', '--yes', '--code-mode', ...flags(server, root, '--tools', 'bash')],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
  const value = JSON.parse(String(messages(server.modelCalls[1]).at(-1)?.content)).value;
  assert.equal(value, `refused: ${directResult.replace(/^Error: /, '')}`);
  assert.equal(existsSync(join(root, 'marker')), false, 'denied, even with --yes');
});

test('kodama trifecta --code-mode names exec with the combined legs of the catalog, and the same verdict', async () => {
  const trifecta = (...more: string[]) => runKodama(['trifecta', '--no-skills', ...more], isolatedEnv());
  const coded = await trifecta('--tools', 'read,bash,fetch', '--yes', '--code-mode');
  const direct = await trifecta('--tools', 'read,bash,fetch', '--yes');
  assert.equal(coded.code, 3, coded.stderr);
  assert.equal(direct.code, 3);
  assert.match(coded.stdout, /- exec: private=yes untrusted=hard egress=unreviewed/);
  assert.doesNotMatch(coded.stdout, /- (read|bash|fetch):/, 'the catalog tools are not the model');
  assert.match(coded.stdout, /^verdict: LOUD {2}worst path: main$/m);
  const reader = await trifecta('--tools', 'read,grep', '--code-mode');
  assert.equal(reader.code, 0, reader.stderr);
  assert.match(reader.stdout, /^ {2}- exec: private=yes$/m, 'only the leg read and grep bring');
  // Sub-agents compose: agent stays with the model, the personas keep their tools, none moves into exec.
  const agents = await trifecta('--tools', 'read,agent', '--code-mode');
  assert.match(agents.stdout, /^ {2}- agent: /m);
  assert.match(agents.stdout, /^ {2}- exec: private=yes$/m, "the personas' tools are not in the catalog");
  assert.match(agents.stdout, /^ {2}file_miner \(channel: unreviewed\)[^\n]*\n {4}- read: private=yes$/m);
  const both = await trifecta('--code-mode', '--no-code-mode');
  assert.equal(both.code, 2);
  assert.match(both.stderr, /use --code-mode or --no-code-mode, not both/);
});
