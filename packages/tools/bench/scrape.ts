// `npm run bench -- scrape`: web_scrape of a ~2 MB article page served on
// 127.0.0.1, median of 20 runs, cache disabled. Baselines in the same run:
// the plain download of the same page and a linkedom parse alone. A second
// page of ~2 MB made only of article paragraphs is the worst case.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { ToolContext } from '@kodama/core';
import { executeToolCall } from '@kodama/core/tool';
import { parseHTML } from 'linkedom';
import { httpRequest } from '../src/http/http-request.ts';
import { webScrapeTool } from '../src/scrape/web-scrape-tool.ts';
import { articlePage, paragraph } from '../test/helpers/pages.ts';

const RUNS = 20;
const TARGET_BYTES = 2 * 1024 * 1024;

/** A typical heavy news page: ~150 KB of article inside ~2 MB of scripts, JSON state, navigation and comments. */
function realisticPage(): string {
  const nav = Array.from(
    { length: 1500 },
    (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`,
  ).join('');
  const state = JSON.stringify({
    items: Array.from({ length: 9000 }, (_, i) => ({ id: i, title: `Item ${i}`, tags: ['a', 'b'] })),
  });
  const script = `<script>${'window.analytics.push({event:"view",ts:Date.now()});'.repeat(8000)}</script>`;
  const comments = Array.from(
    { length: 600 },
    (_, i) => `<div class="comment"><span class="user">user${i}</span><p>Nice post ${i}!</p></div>`,
  ).join('');
  const head = `<script id="__NEXT_DATA__" type="application/json">${state}</script>${script}<style>${'.x{color:red}'.repeat(5000)}</style>`;
  let page = articlePage({ paragraphs: 380, head }).replace('<nav><ul>', `<nav><ul>${nav}`);
  page = page.replace('<footer>', `<section class="comments">${comments}</section><footer>`);
  while (page.length < TARGET_BYTES)
    page = page.replace('</body>', `<!-- ${'padding '.repeat(1000)} --></body>`);
  return page;
}

/** ~2 MB of nothing but article paragraphs: every byte goes through Readability and turndown. */
function pureArticlePage(): string {
  return articlePage({ paragraphs: Math.ceil(TARGET_BYTES / paragraph(0).length) });
}

const pages: Record<string, string> = { '/realistic': realisticPage(), '/pure': pureArticlePage() };
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(pages[request.url ?? ''] ?? '');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const context: ToolContext = {
  signal: new AbortController().signal,
  agentId: '',
  toolCallId: 'bench',
  idempotencyKey: 'bench',
  emit: () => {},
};
const tool = webScrapeTool(); // no cache argument: the null cache

function middle(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] as number;
}

/** Median wall time, and median CPU time of this process (less disturbed by a busy machine). */
async function median(
  run: () => Promise<unknown> | unknown,
  runs = RUNS,
): Promise<{ wall: number; cpu: number }> {
  // One collection per series, not per run: a forced full GC before every
  // run shrinks the heap and made the next run pay to grow it again (3x slower).
  globalThis.gc?.();
  await run(); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: middle(wall), cpu: middle(cpu) };
}

async function scrape(path: string): Promise<void> {
  const outcome = await executeToolCall(
    tool,
    { id: 'b', name: 'web_scrape', arguments: JSON.stringify({ url: origin + path }) },
    context,
  );
  if (
    outcome.kind !== 'ok' ||
    typeof outcome.result !== 'string' ||
    !outcome.result.includes('Paragraph 1 of')
  ) {
    throw new Error(`scrape failed: ${JSON.stringify(outcome).slice(0, 300)}`);
  }
}

const realisticBytes = Buffer.byteLength(pages['/realistic'] as string);
const pureBytes = Buffer.byteLength(pages['/pure'] as string);
const download = await median(() => httpRequest(`${origin}/realistic`));
const parseOnly = await median(() => parseHTML(pages['/realistic'] as string));
const scrapeRealistic = await median(() => scrape('/realistic'));
const scrapePure = await median(() => scrape('/pure'), 5);
server.close();

const round = (n: number): number => Math.round(n * 10) / 10;
console.log(`page bytes: realistic ${realisticBytes}, pure article ${pureBytes}`);
console.log(`load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`);
console.log(
  `RESULT scrape ms_per_page=${round(scrapeRealistic.wall)} cpu_ms_per_page=${round(scrapeRealistic.cpu)} download_ms=${round(download.wall)} linkedom_parse_ms=${round(parseOnly.wall)} linkedom_parse_cpu_ms=${round(parseOnly.cpu)} pure_article_ms_per_page=${round(scrapePure.wall)} pure_article_cpu_ms_per_page=${round(scrapePure.cpu)} page_bytes=${realisticBytes}`,
);
