// `npm run bench -- corpus [files]`: indexes generated Markdown files with the
// testkit's hash embedder, then runs queries through the corpus's hybrid
// search. Recall@10 compares the vector leg's top 10 (ANN index, candidates
// re-ranked) with an exact brute-force scan of the same vectors, in the same
// run: an ANN hit counts when it is as near as the exact 10th (ties between
// equally near chunks are common with hashed words, and either is right).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Corpus, MemoryDatabase } from '@kodama/memory';
import { HashEmbedder } from '@kodama/testkit';

const FILES = Number(process.argv[2] ?? 5000);
const QUERIES = 1000;
const FILE_BYTES = 4000; // 5,000 files of about 4 KB: 20 MB
const DIMENSIONS = 384; // a common small embedding model's width (all-MiniLM, bge-small)

/** A seeded generator (mulberry32), so every run indexes the same corpus. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = random(42);
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'sto',
  'va',
  'qui',
  'der',
  'pon',
  'ul',
  'fe',
  'tar',
  'gis',
  'no',
  'bra',
];
const VOCABULARY = Array.from({ length: 8000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
/** A word by a Zipf-like law: a few common words, a long tail of rare ones. */
const common = () => VOCABULARY[Math.floor(VOCABULARY.length * rand() ** 3)]!;
// Real documents have topics: each draws most of its words from its topic's own
// vocabulary (200 words of 100 topics), the rest from the common pool.
const TOPICS = 100;
const TOPIC_WORDS = 200;
let topic = 0;
const word = () =>
  rand() < 0.6
    ? VOCABULARY[(topic * TOPIC_WORDS + Math.floor(TOPIC_WORDS * rand() ** 2)) % VOCABULARY.length]!
    : common();
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

function document(i: number): string {
  topic = Math.floor(rand() * TOPICS);
  const parts = [`# Document ${i}: ${sentence(3)}`, ''];
  let section = 0;
  while (parts.join('\n').length < FILE_BYTES) {
    parts.push(`## Section ${++section} ${sentence(2)}`, '', `${sentence(40)}.`, '', `${sentence(35)}.`, '');
  }
  return parts.join('\n').slice(0, FILE_BYTES);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const dir = await mkdtemp(join(tmpdir(), 'kodama-bench-corpus-'));
try {
  const root = join(dir, 'docs');
  const texts: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const folder = join(root, `d${i % 50}`);
    if (i < 50) await mkdir(folder, { recursive: true });
    const text = document(i);
    texts.push(text);
    await writeFile(join(folder, `doc${i}.md`), text);
  }
  const bytes = texts.reduce((n, t) => n + t.length, 0);
  const db = await MemoryDatabase.open({ url: `file:${join(dir, 'index.db')}` });
  const embedder = new HashEmbedder({ dimensions: DIMENSIONS });
  const corpus = await Corpus.open({ db, root, embedder });

  let started = performance.now();
  const report = await corpus.reindex();
  const indexSeconds = (performance.now() - started) / 1000;
  const stats = await corpus.stats();
  console.error(
    `indexed ${report.added} files (${(bytes / 1e6).toFixed(1)} MB) into ${stats.chunks} chunks in ${indexSeconds.toFixed(1)} s`,
  );

  // Queries: a few words from a random passage of a random document.
  const queries = Array.from({ length: QUERIES }, () => {
    const words = texts[Math.floor(rand() * texts.length)]!.split(/\s+/).filter((w) => /^[a-z]+$/.test(w));
    const at = Math.floor(rand() * Math.max(1, words.length - 6));
    return words.slice(at, at + 4 + Math.floor(rand() * 5)).join(' ');
  });
  const latencies: number[] = [];
  for (const query of queries) {
    started = performance.now();
    await corpus.search(query, 10);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);

  // Recall@10 of the ANN index against an exact scan, on the same query vectors.
  let found = 0;
  let wanted = 0;
  for (const query of queries) {
    const [vector] = await embedder.embed([query]);
    const exact = await corpus.index.vectorSearch(vector!, 10, { exact: true });
    const ann = await corpus.index.vectorSearch(vector!, 10);
    const exactDistances = await corpus.index.distances(vector!, exact);
    const tenth = Math.max(...exactDistances.values());
    const annDistances = await corpus.index.distances(vector!, ann);
    wanted += exact.length;
    found += Math.min(exact.length, [...annDistances.values()].filter((d) => d <= tenth + 1e-6).length);
  }
  db.close();
  const fmt = (n: number) => n.toFixed(2);
  console.log(
    `RESULT corpus index_files_per_s=${Math.round(report.added / indexSeconds)} query_ms_p50=${fmt(percentile(latencies, 50))} query_ms_p95=${fmt(percentile(latencies, 95))} recall_at_10=${(found / wanted).toFixed(3)}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
