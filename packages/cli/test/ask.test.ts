// `kodama ask` end to end: the real CLI process, the real model layer over
// HTTP, against testkit's scripted OpenAI-compatible server.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN, isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

test('ask runs a tool round trip: answer on stdout, tool traffic on stderr, exit 0', async () => {
  const server = await serve([
    { toolCalls: [{ name: 'calculator', arguments: { expression: '17 * 23' } }] },
    { text: '17 * 23 = 391.' },
  ]);
  const out = await runKodama(
    ['ask', '--model', `openai-compatible:${server.url}/v1`, 'What is 17 * 23?'],
    isolatedEnv(),
  );
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), '17 * 23 = 391.');
  assert.match(out.stderr, /→ calculator\(.*17 \* 23.*\)/);
  assert.match(out.stderr, /← calculator: 391/);
  // The model saw the calculator's real answer in the second request.
  const second = server.modelCalls[1]?.body as { messages: Array<{ role: string; content: unknown }> };
  const toolMessage = second.messages.find((m) => m.role === 'tool');
  assert.equal(toolMessage?.content, '391');
  const first = server.modelCalls[0]?.body as { tools: Array<{ function: { name: string } }>; model: string };
  assert.deepEqual(
    first.tools.map((t) => t.function.name),
    ['calculator'],
  );
  assert.equal(first.model, 'scripted-model');
});

test('KODAMA_MODEL names the model when --model is absent; --json prints one event per line', async () => {
  const server = await serve([{ text: 'hello there' }]);
  const out = await runKodama(
    ['ask', '--json', 'hi'],
    isolatedEnv({ KODAMA_MODEL: `openai-compatible:${server.url}/v1@scripted-model` }),
  );
  assert.equal(out.code, 0, out.stderr);
  const events = out.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; text?: string });
  const types = events.map((e) => e.type);
  assert.ok(
    types.indexOf('user-turn') >= 0 && types.indexOf('user-turn') < types.indexOf('assistant'),
    types.join(),
  );
  assert.ok(events.some((e) => e.type === 'assistant-delta'));
  assert.deepEqual(
    events.filter((e) => e.type === 'assistant').map((e) => e.text),
    ['hello there'],
  );
  assert.ok(events.some((e) => e.type === 'tokens'));
});

test('with no model anywhere it exits 2 and says how to point it at one', async () => {
  const out = await runKodama(['ask', 'What is 17 * 23?'], isolatedEnv());
  assert.equal(out.code, 2);
  assert.equal(out.stdout, '');
  assert.match(out.stderr, /no model found/);
  assert.match(out.stderr, /--model/);
  assert.match(out.stderr, /KODAMA_MODEL/);
  assert.match(out.stderr, /kodama-testkit serve --script/);
});

test('a provider failure exits 1 with the cause; a bad target exits 2 naming the fix', async () => {
  const server = await serve([
    { fault: 'http', status: 400, body: '{"error":{"message":"bad request: context too long"}}' },
  ]);
  const failed = await runKodama(
    ['ask', '--model', `openai-compatible:${server.url}/v1`, 'hi'],
    isolatedEnv(),
  );
  assert.equal(failed.code, 1);
  assert.match(failed.stderr, /400/);

  const unknown = await runKodama(['ask', '--model', 'nosuch:thing', 'hi'], isolatedEnv());
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /nosuch/);

  const missingKey = await runKodama(['ask', '--model', 'anthropic:claude-sonnet-4-5', 'hi'], isolatedEnv());
  assert.equal(missingKey.code, 2);
  assert.match(missingKey.stderr, /ANTHROPIC_API_KEY/);
});

test('an unknown tool name exits 2 and lists the tools kodama ships', async () => {
  const server = await serve([{ text: 'unused' }]);
  const out = await runKodama(
    ['ask', '--model', `openai-compatible:${server.url}/v1`, '--tools', 'calculator,teleport', 'hi'],
    isolatedEnv(),
  );
  assert.equal(out.code, 2);
  assert.match(out.stderr, /unknown tool "teleport"/);
  assert.match(out.stderr, /calculator/);
  assert.equal(server.modelCalls.length, 0);
});

test('--tools offers every shipped tool under its own name', async () => {
  const server = await serve([{ text: 'ok' }]);
  const all = 'calculator,fetch,web_scrape,web_search,read,write,edit,grep,glob,bash,bash_output,bash_kill';
  const out = await runKodama(
    ['ask', '--model', `openai-compatible:${server.url}/v1`, '--tools', all, '--root', process.cwd(), 'hi'],
    isolatedEnv(),
  );
  assert.equal(out.code, 0, out.stderr);
  const first = server.modelCalls[0]?.body as { tools: Array<{ function: { name: string } }> };
  assert.deepEqual(
    first.tools.map((t) => t.function.name),
    all.split(','),
  );
});

test('file tools work under --root with --yes; without a terminal, bash is declined', async (t) => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-cli-root-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const server = await serve([
    { toolCalls: [{ name: 'write', arguments: { path: 'notes/hello.txt', content: 'hi from kodama\n' } }] },
    { toolCalls: [{ name: 'bash', arguments: { command: 'cat notes/hello.txt' } }] },
    { text: 'done' },
    { toolCalls: [{ name: 'bash', arguments: { command: 'touch should-not-exist' } }] },
    { text: 'declined' },
  ]);
  const base = [
    'ask',
    '--model',
    `openai-compatible:${server.url}/v1`,
    '--tools',
    'write,bash',
    '--root',
    root,
  ];
  const approved = await runKodama([...base, '--yes', 'write a note'], isolatedEnv());
  assert.equal(approved.code, 0, approved.stderr);
  assert.equal(await readFile(join(root, 'notes', 'hello.txt'), 'utf8'), 'hi from kodama\n');
  const third = server.modelCalls[2]?.body as { messages: Array<{ role: string; content: unknown }> };
  assert.match(String(third.messages.filter((m) => m.role === 'tool').at(-1)?.content), /hi from kodama/);

  const declined = await runKodama([...base, 'try bash'], isolatedEnv());
  assert.equal(declined.code, 0, declined.stderr);
  const last = server.modelCalls[4]?.body as { messages: Array<{ role: string; content: unknown }> };
  assert.match(String(last.messages.filter((m) => m.role === 'tool').at(-1)?.content), /^Error: .*declined/);
  await assert.rejects(readFile(join(root, 'should-not-exist')));
});

test('Ctrl+C cancels the turn: the HTTP request is aborted and kodama exits 130', async () => {
  const server = await serve([{ fault: 'hang' }]);
  const child = spawn(
    process.execPath,
    [BIN, 'ask', '--model', `openai-compatible:${server.url}/v1`, 'wait forever'],
    { env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  // Wait (by polling, not by a timing assumption) until the model call is in flight.
  while (server.modelCalls.length === 0) await new Promise((r) => setTimeout(r, 20));
  const disconnected = server.waitForDisconnect();
  child.kill('SIGINT');
  assert.equal(await exited, 130, stderr);
  await disconnected;
  assert.match(stderr, /cancelled/);
});

test('ask asks before an edit or a write as -p does: refused with no terminal (no file changed), done with --yes', async (t) => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-cli-root-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(join(root, 'notes.txt'), 'draft\n');
  const calls = {
    toolCalls: [
      { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'MARKER' } },
      { name: 'write', arguments: { path: 'marker.txt', content: 'MARKER\n' } },
    ],
  };
  const server = await serve([calls, { text: 'tried' }, calls, { text: 'done' }]);
  const base = [
    'ask',
    '--model',
    `openai-compatible:${server.url}/v1`,
    '--tools',
    'edit,write',
    '--root',
    root,
  ];
  const refused = await runKodama([...base, 'change the notes'], isolatedEnv());
  assert.equal(refused.code, 0, refused.stderr);
  assert.equal(await readFile(join(root, 'notes.txt'), 'utf8'), 'draft\n');
  await assert.rejects(readFile(join(root, 'marker.txt')), { code: 'ENOENT' });
  assert.match(
    refused.stderr,
    /edit notes\.txt was not run: it needs approval and stdin is not a terminal; allow it with --yes/,
  );
  const approved = await runKodama([...base, '--yes', 'change the notes'], isolatedEnv());
  assert.equal(approved.code, 0, approved.stderr);
  assert.equal(await readFile(join(root, 'notes.txt'), 'utf8'), 'MARKER\n');
  assert.equal(await readFile(join(root, 'marker.txt'), 'utf8'), 'MARKER\n');
});
