import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Corpus, type IndexReport, MemoryDatabase, watchCorpus } from '@kodama/memory';

test('watchCorpus indexes a file written after it started, and stops when aborted', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-watch-'));
  const db = await MemoryDatabase.open({ url: ':memory:' });
  try {
    await writeFile(join(dir, 'first.md'), '# First\nalpha\n');
    const corpus = await Corpus.open({ db, root: dir });
    await corpus.reindex();
    const controller = new AbortController();
    let seen: (report: IndexReport) => void = () => {};
    const indexed = new Promise<IndexReport>((resolve) => {
      seen = resolve;
    });
    const watching = watchCorpus(corpus, [dir], {
      debounceMs: 20,
      signal: controller.signal,
      onIndexed: (report) => {
        if (report.added > 0) seen(report);
      },
    });
    await writeFile(join(dir, 'second.md'), '# Second\nbeta gamma\n');
    const report = await indexed;
    assert.equal(report.added, 1);
    assert.equal(report.unchanged, 1);
    assert.equal((await corpus.search('gamma', 1)).hits[0]?.source, 'second.md');
    controller.abort();
    await watching;
  } finally {
    db.close();
    await rm(dir, { recursive: true, force: true });
  }
});
