// The assistant (`kodama -p`) and `kodama ask --tools agent` over a root that
// `kodama index` indexed, end to end: the real CLI processes, the chat and
// embedding models over HTTP against the scripted OpenAI-compatible server
// (hash vectors on /v1/embeddings).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { type ScriptedReply, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

const dirs: string[] = [];
const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ONCALL = 'The on-call rotation changes every Monday at 10:00.';

/** A project with a few documents, and an environment whose data folder is its own. */
function project(): { dir: string; root: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-cli-corpus-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  const put = (name: string, text: string) => {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  };
  put('docs/deploy.md', '# Deploy\n\n## Staging\nStaging deploys run on every merge to main.\n');
  put('docs/oncall.md', `# On-call\n${ONCALL}\n`);
  put('src/app.ts', 'export const port = 8080;\n');
  const env = isolatedEnv({ HOME: join(dir, 'home'), XDG_DATA_HOME: join(dir, 'data') });
  return { dir, root, env };
}

type Body = {
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ function: { name: string; description: string } }>;
};
const bodyOf = (r: { body: unknown }) => r.body as Body;
const toolNamesOf = (body: Body) => (body.tools ?? []).map((t) => t.function.name);
const toolResults = (body: Body) =>
  body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));

async function server(script: (r: { body: unknown }) => ScriptedReply): Promise<ScriptedServer> {
  const s = await startOpenAICompatibleServer({ script, embeddings: { dimensions: 32 } });
  servers.push(s);
  return s;
}

async function index(root: string, env: NodeJS.ProcessEnv, s: ScriptedServer): Promise<void> {
  const out = await runKodama(
    ['index', '--root', root, '--embed', `openai-compatible:${s.url}/v1@embedder`],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
}

test('kodama -p over an indexed root answers with corpus_search; the LIBRARIAN is offered', async () => {
  const { root, env } = project();
  const s = await server((r) =>
    toolResults(bodyOf(r)).length === 0
      ? { toolCalls: [{ name: 'corpus_search', arguments: { query: 'when does on-call change', top_k: 2 } }] }
      : { text: 'Every Monday at 10:00.' },
  );
  await index(root, env, s);
  const out = await runKodama(
    [
      '-p',
      'When does on-call change?',
      '--model',
      `openai-compatible:${s.url}/v1`,
      '--root',
      root,
      '--no-skills',
    ],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), 'Every Monday at 10:00.');
  const [first, last] = [bodyOf(s.modelCalls[0]!), bodyOf(s.modelCalls.at(-1)!)];
  const names = toolNamesOf(first);
  for (const name of ['read', 'bash', 'agent', 'corpus_search', 'corpus_read', 'corpus_reindex'])
    assert.ok(names.includes(name), names.join());
  const agentTool = first.tools!.find((t) => t.function.name === 'agent')!;
  assert.match(JSON.stringify(agentTool), /librarian/, 'the agent tool offers the LIBRARIAN');
  const [result] = toolResults(last);
  assert.match(result!, /^\[1\] docs\/oncall\.md › On-call lines 1-2 \(score=0\.\d{4}\)\n/);
  assert.ok(result!.includes(ONCALL), result);
});

test('without an index of the root the assistant has no corpus tools, and no database is created', async () => {
  const { root, env, dir } = project();
  const s = await server(() => ({ text: 'ok' }));
  const ask = (r: string) =>
    runKodama(['-p', 'hi', '--model', `openai-compatible:${s.url}/v1`, '--root', r, '--no-skills'], env);
  const fresh = await ask(root);
  assert.equal(fresh.code, 0, fresh.stderr);
  assert.ok(!existsSync(join(dir, 'data', 'kodama', 'memory.db')), 'starting the assistant creates no index');
  const names = toolNamesOf(bodyOf(s.modelCalls[0]!));
  assert.ok(names.includes('read') && !names.some((n) => n.startsWith('corpus_')), names.join());
  assert.doesNotMatch(JSON.stringify(bodyOf(s.modelCalls[0]!).tools), /librarian/);

  // Another root's index is not this root's.
  const other = join(dir, 'other');
  mkdirSync(other);
  writeFileSync(join(other, 'notes.md'), '# Notes\nNothing here.\n');
  await index(other, env, s);
  const before = s.modelCalls.length;
  assert.equal((await ask(root)).code, 0);
  assert.ok(!toolNamesOf(bodyOf(s.modelCalls[before]!)).some((n) => n.startsWith('corpus_')));
  // An explicit --tools list is kept as it is, even where an index exists.
  const explicit = await runKodama(
    [
      '-p',
      'hi',
      '--model',
      `openai-compatible:${s.url}/v1`,
      '--root',
      other,
      '--no-skills',
      '--tools',
      'read',
    ],
    env,
  );
  assert.equal(explicit.code, 0, explicit.stderr);
  assert.deepEqual(toolNamesOf(bodyOf(s.modelCalls.at(-1)!)), ['read']);
});

test('kodama ask --tools agent over an indexed root: the LIBRARIAN searches with tools main never sees', async () => {
  const { root, env } = project();
  const s = await server((r) => {
    const body = bodyOf(r);
    const system = String(body.messages[0]?.content);
    const results = toolResults(body);
    if (system.startsWith('You are LIBRARIAN')) {
      if (results.length === 0)
        return { toolCalls: [{ name: 'corpus_search', arguments: { query: 'on-call rotation', top_k: 1 } }] };
      return { text: 'docs/oncall.md: Mondays at 10:00.' };
    }
    if (results.length === 0)
      return {
        toolCalls: [{ name: 'agent', arguments: { name: 'librarian', task: 'When does on-call change?' } }],
      };
    return { text: 'On Mondays at 10:00 (docs/oncall.md).' };
  });
  await index(root, env, s);
  const out = await runKodama(
    [
      'ask',
      '--model',
      `openai-compatible:${s.url}/v1`,
      '--tools',
      'agent',
      '--root',
      root,
      '--no-skills',
      'When does on-call change?',
    ],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), 'On Mondays at 10:00 (docs/oncall.md).');
  const calls = s.modelCalls.map(bodyOf);
  assert.deepEqual(toolNamesOf(calls[0]!), ['agent'], 'the corpus tools are the sub-agent’s only');
  const librarian = calls.filter((b) => String(b.messages[0]?.content).startsWith('You are LIBRARIAN'));
  assert.equal(librarian.length, 2);
  assert.deepEqual(toolNamesOf(librarian[0]!).sort(), ['corpus_read', 'corpus_search']);
  assert.ok(toolResults(librarian[1]!)[0]!.includes(ONCALL));
  assert.match(toolResults(calls.at(-1)!)[0]!, /Mondays at 10:00/);
});

test('the configuration\'s "embed" gives a new index its vectors; a bad value names the key', async () => {
  const { dir, root, env } = project();
  const s = await server(() => ({ text: 'unused' }));
  const config = join(dir, 'config');
  mkdirSync(join(config, 'kodama'), { recursive: true });
  const write = (value: unknown) =>
    writeFileSync(join(config, 'kodama', 'config.json'), JSON.stringify({ embed: value }));
  write(`openai-compatible:${s.url}/v1@embedder`);
  const out = await runKodama(['index', '--root', root], { ...env, XDG_CONFIG_HOME: config });
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /3 chunks written, with vectors/);
  assert.doesNotMatch(out.stderr, /keyword search only/);
  assert.ok(s.requests.some((r) => r.path === '/v1/embeddings'));
  // The index keeps the model it was built with; a new one reads the configuration.
  write('');
  const fresh = project();
  const bad = await runKodama(['index', '--root', fresh.root], { ...fresh.env, XDG_CONFIG_HOME: config });
  assert.equal(bad.code, 1);
  assert.match(
    bad.stderr,
    /config\.json: "embed" must be an embedding target such as "ollama:nomic-embed-text"/,
  );
});
