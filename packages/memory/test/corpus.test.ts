import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { effectsOf } from '@kodama/core';
import { Corpus, CorpusError, corpusTools, MemoryDatabase, MemoryStoreError } from '@kodama/memory';
import { resolveEmbedder } from '@kodama/models';
import { HashEmbedder, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';

let dir: string;
let root: string;
let server: ScriptedServer;

const FILES: Record<string, string> = {
  'docs/setup.md':
    '# Setup\n\n## Linux\nInstall the package with apt and start the daemon.\n\n## macOS\nUse Homebrew to install it.\n',
  'docs/release.md': '# Releases\nReleases are signed with a hardware key and published on Fridays.\n',
  'src/parser.ts':
    'export function parseInvoice(text: string) {\n  // invoices carry a VAT number\n  return text.trim();\n}\n',
  'notes.txt': 'Meeting notes: the team agreed to migrate the billing database next quarter.\n',
  'photo.png': 'not indexed: no extractor for png',
  '.env': 'SECRET=hunter2 billing',
  'node_modules/dep/readme.md': 'A dependency readme about billing.',
};

async function writeTree(base: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(base, name, '..'), { recursive: true });
    await writeFile(join(base, name), text);
  }
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kodama-corpus-'));
  root = join(dir, 'project');
  await writeTree(root, FILES);
  server = await startOpenAICompatibleServer({ script: [], embeddings: { dimensions: 64 } });
});
after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('corpus over a real embedding server', () => {
  test('indexes the wanted files, hybrid search finds passages, tools answer numbered sources with scores', async () => {
    const db = await MemoryDatabase.open({ url: `file:${join(dir, 'index.db')}` });
    const embedder = resolveEmbedder(`openai-compatible:${server.url}/v1@embed`);
    const corpus = await Corpus.open({ db, root, embedder });
    const report = await corpus.reindex();
    assert.equal(report.added, 4, 'md, md, ts and txt; not the png, .env or node_modules');
    assert.equal(report.embedded, true);
    assert.deepEqual(report.skipped, []);
    const { hits, mode } = await corpus.search('how are releases signed', 3);
    assert.equal(mode, 'hybrid');
    assert.equal(hits[0]!.source, 'docs/release.md');
    assert.ok(hits[0]!.textRank && hits[0]!.vectorRank, 'found by both legs');
    assert.ok(!hits.some((h) => h.text.includes('hunter2')));

    const [search, read] = corpusTools(corpus);
    const answer = String(await search!.execute({ query: 'install on Linux', top_k: 2 }, toolContext()));
    assert.match(answer, /^\[1\] docs\/setup\.md › Setup lines 1-7 \(score=0\.\d{4}\)\n# Setup/);
    assert.ok(!answer.includes('keyword search only'));
    assert.equal(
      String(await read!.execute({ source: 'docs/release.md' }, toolContext())),
      FILES['docs/release.md'],
    );
    // What a call declares is what it does: corpus_read reads the path it names, corpus_search only the index.
    const [effect] = effectsOf(read!, { source: 'docs/release.md' });
    assert.deepEqual(effect, { kind: 'readsPath', path: 'docs/release.md' });
    assert.equal(readFileSync(join(root, effect.path), 'utf8'), FILES['docs/release.md']);
    assert.deepEqual(search!.effects?.kinds, []);
    db.close();
  });

  test('a second pass embeds nothing; a changed file is re-indexed, a deleted one removed', async () => {
    const db = await MemoryDatabase.open({ url: `file:${join(dir, 'index.db')}` });
    const embedder = new HashEmbedder({ dimensions: 64, modelId: 'embed' });
    // Another embedder than the one that built the index is refused before any work.
    const corpus = await Corpus.open({ db, root, embedder });
    await assert.rejects(
      corpus.reindex(),
      (e: unknown) =>
        MemoryStoreError.isInstance(e) && /openai-compatible:embed, not hash:embed/.test(String(e)),
    );
    db.close();

    const db2 = await MemoryDatabase.open({ url: `file:${join(dir, 'index.db')}` });
    const requests = () => server.requests.filter((r) => r.path === '/v1/embeddings').length;
    const real = resolveEmbedder(`openai-compatible:${server.url}/v1@embed`);
    const again = await Corpus.open({ db: db2, root, embedder: real });
    const before = requests();
    const unchanged = await again.reindex();
    assert.deepEqual(
      [unchanged.added, unchanged.updated, unchanged.unchanged, unchanged.removed],
      [0, 0, 4, 0],
    );
    assert.equal(requests(), before, 'no embedding request for unchanged files');

    await writeFile(join(root, 'notes.txt'), 'Meeting notes: billing moves to Postgres in March.\n');
    await unlink(join(root, 'src/parser.ts'));
    const changed = await again.reindex();
    assert.deepEqual([changed.added, changed.updated, changed.unchanged, changed.removed], [0, 1, 2, 1]);
    const afterDelete = await again.search('parseInvoice VAT', 5);
    assert.ok(afterDelete.hits.length > 0, 'the vector leg always answers its nearest passages');
    assert.ok(
      !afterDelete.hits.some((h) => h.source === 'src/parser.ts'),
      'the deleted file is gone from both legs',
    );
    assert.equal((await again.search('Postgres March', 1)).hits[0]!.source, 'notes.txt');
    assert.deepEqual(await again.stats(), { files: 3, chunks: 3, vectors: 3 });
    db2.close();
  });
});

describe('corpus without an embedder', () => {
  test('runs on FTS5 alone and says so once', async () => {
    const db = await MemoryDatabase.open({ url: ':memory:' });
    const corpus = await Corpus.open({ db, root });
    const report = await corpus.reindex();
    assert.equal(report.embedded, false);
    const [search] = corpusTools(corpus);
    const first = String(await search!.execute({ query: 'Homebrew' }, toolContext()));
    assert.match(
      first,
      /^\(keyword search only: no embedding model is configured for this index\)\n\n\[1\] docs\/setup\.md/,
    );
    const second = String(await search!.execute({ query: 'Homebrew' }, toolContext()));
    assert.ok(!second.includes('keyword search only'), 'said once');
    assert.match(
      String(await search!.execute({ query: 'zebra' }, toolContext())),
      /No passage matches "zebra"/,
    );
    db.close();
  });

  test('corpus_read is confined to the indexed folders, never hidden or denied files', async () => {
    const db = await MemoryDatabase.open({ url: ':memory:' });
    await writeFile(join(dir, 'outside.md'), 'outside the root');
    await symlink(join(dir, 'outside.md'), join(root, 'docs', 'link.md'));
    const corpus = await Corpus.open({
      db,
      root,
      denied: (p) => (p.endsWith('secret.md') ? 'secret.md' : undefined),
    });
    await writeFile(join(root, 'docs', 'secret.md'), 'the vault code');
    const report = await corpus.reindex([join(root, 'docs')]);
    assert.equal(report.added, 2, 'setup.md and release.md; not the link, not the denied file');
    const [, read] = corpusTools(corpus);
    const readIt = async (source: string) => String(await read!.execute({ source }, toolContext()));
    assert.match(await readIt('notes.txt'), /^Error: "notes.txt" is outside the indexed folders \(docs\)/);
    assert.match(await readIt('docs/link.md'), /outside the indexed folders/);
    assert.match(await readIt('../outside.md'), /outside the indexed folders/);
    assert.match(await readIt('docs/secret.md'), /not readable here/);
    assert.match(await readIt('docs/none.md'), /no file "docs\/none.md"/);
    await assert.rejects(corpus.reindex([join(root, 'nowhere')]), CorpusError);
    await unlink(join(root, 'docs', 'link.md'));
    await unlink(join(root, 'docs', 'secret.md'));
    db.close();
  });

  test('injected extractors read other formats; a failing one skips the file and says why', async () => {
    const db = await MemoryDatabase.open({ url: ':memory:' });
    const other = join(dir, 'formats');
    await writeTree(other, { 'page.html': '<p>Tides follow the moon</p>', 'broken.pdf': '%PDF-nope' });
    const corpus = await Corpus.open({
      db,
      root: other,
      extractors: {
        '.html': (bytes) => new TextDecoder().decode(bytes).replace(/<[^>]+>/g, ''),
        '.pdf': () => {
          throw new Error('not a readable PDF');
        },
      },
    });
    const report = await corpus.reindex();
    assert.equal(report.added, 1);
    assert.deepEqual(report.skipped, [{ path: join(other, 'broken.pdf'), reason: 'not a readable PDF' }]);
    assert.equal((await corpus.search('moon tides', 1)).hits[0]!.text, 'Tides follow the moon');
    db.close();
  });
});

function toolContext() {
  return {
    signal: new AbortController().signal,
    agentId: '',
    toolCallId: 'c1',
    idempotencyKey: 't:c1',
    emit() {},
  };
}
