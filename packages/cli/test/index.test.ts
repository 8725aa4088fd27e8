// `kodama index` and the corpus tools of `kodama ask`, end to end: the real CLI
// process, the embedding and chat models over HTTP against the scripted
// OpenAI-compatible server (hash vectors on /v1/embeddings).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { type ScriptedReply, startOpenAICompatibleServer } from '@kodama/testkit';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function project(): { root: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-cli-index-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  const put = (name: string, text: string) => {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  };
  put('docs/deploy.md', '# Deploy\n\n## Staging\nStaging deploys run on every merge to main.\n');
  put('docs/oncall.md', '# On-call\nThe on-call rotation changes every Monday at 10:00.\n');
  put('src/app.ts', 'export const port = 8080;\n');
  put('.env', 'TOKEN=secret\n');
  return { root, env: isolatedEnv({ XDG_DATA_HOME: join(dir, 'data') }) };
}

test('index without an embedding model: keyword search only, said once; a second run skips unchanged files', async () => {
  const { root, env } = project();
  const first = await runKodama(['index', '--root', root], env);
  assert.equal(first.code, 0, first.stderr);
  assert.match(
    first.stderr,
    /no embedding model \(--embed or \$KODAMA_EMBED\): indexing for keyword search only/,
  );
  assert.match(first.stdout, /^Indexed: 3 added, 0 updated, 0 unchanged, 0 removed \(3 chunks written\)\./m);
  assert.match(first.stdout, /holds 3 files in 3 chunks/);
  const second = await runKodama(['index', '--root', root], env);
  assert.match(second.stdout, /^Indexed: 0 added, 0 updated, 3 unchanged, 0 removed/m);
});

test('index --embed records the model; ask --tools corpus_search,corpus_read searches the index of --root with it', async () => {
  const { root, env } = project();
  const script = (r: { body: unknown }): ScriptedReply => {
    const messages = (r.body as { messages: Array<{ role: string; content: unknown }> }).messages;
    const results = messages.filter((m) => m.role === 'tool');
    if (results.length === 0)
      return {
        toolCalls: [{ name: 'corpus_search', arguments: { query: 'when does on-call change', top_k: 2 } }],
      };
    if (results.length === 1)
      return { toolCalls: [{ name: 'corpus_read', arguments: { source: 'docs/oncall.md' } }] };
    return { text: 'Mondays at 10:00.' };
  };
  const server = await startOpenAICompatibleServer({ script, embeddings: { dimensions: 32 } });
  try {
    const indexed = await runKodama(
      ['index', '--root', root, '--embed', `openai-compatible:${server.url}/v1@embedder`],
      env,
    );
    assert.equal(indexed.code, 0, indexed.stderr);
    assert.match(indexed.stdout, /3 chunks written, with vectors/);
    const embeddingCalls = () => server.requests.filter((r) => r.path === '/v1/embeddings').length;
    const before = embeddingCalls();

    const out = await runKodama(
      [
        'ask',
        '--model',
        `openai-compatible:${server.url}/v1`,
        '--tools',
        'corpus_search,corpus_read',
        '--root',
        root,
        'When does on-call change?',
      ],
      env,
    );
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stdout.trim(), 'Mondays at 10:00.');
    assert.equal(embeddingCalls(), before + 1, 'the query was embedded with the model the index recorded');
    const last = server.modelCalls.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    const [search, read] = last.messages.filter((m) => m.role === 'tool');
    assert.match(
      search!.content,
      /^\[1\] docs\/oncall\.md › On-call lines 1-2 \(score=0\.\d{4}\)\n# On-call/,
    );
    assert.ok(!search!.content.includes('keyword search only'));
    assert.equal(read!.content, '# On-call\nThe on-call rotation changes every Monday at 10:00.\n');
  } finally {
    await server.close();
  }
});

test('index refuses folders outside the root and a missing folder; --help prints the usage', async () => {
  const { root, env } = project();
  const outside = await runKodama(['index', '--root', join(root, 'docs'), join(root, 'src')], env);
  assert.equal(outside.code, 2);
  assert.match(outside.stderr, /is outside the project root/);
  const missing = await runKodama(['index', '--root', root, join(root, 'nope')], env);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /cannot index .*nope: it is not a folder/);
  const help = await runKodama(['index', '--help'], env);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: kodama index/);
});
