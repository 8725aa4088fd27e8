// How long the inspector page takes to draw a 10,000-message session in a
// real browser (Debian chromium through playwright-core), by the page's own
// timing (`data-render-ms`: DOM and layout, after the fetch). The baseline, in
// the same browser and run: the same number of plain list rows set as HTML in
// one go, the floor any page pays for that many rows. Median of RUNS loads
// each, interleaved. Target: render_ms < 1000.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryMessage } from '@kodama/core/history';
import { JsonlSessionStore } from '@kodama/core/session';
import { chromium, type Page } from 'playwright-core';
import { startInspector } from '../src/index.ts';

const CHROMIUM = '/usr/bin/chromium';
const TOOL_CALLS = 5000; // each with its result: 10,000 messages
const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function longSession(): HistoryMessage[] {
  const messages: HistoryMessage[] = [{ id: 'u', kind: 'user', message: { role: 'user', content: 'Loop.' } }];
  for (let i = 0; i < TOOL_CALLS; i++) {
    messages.push({
      id: `a${i}`,
      kind: 'assistant',
      message: {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: `t${i}`, name: 'echo', arguments: `{"text":"${i}"}` }],
      },
    });
    messages.push({
      id: `r${i}`,
      kind: 'tool',
      message: { role: 'tool', toolCallId: `t${i}`, toolName: 'echo', content: `echo: ${i}` },
    });
  }
  return messages;
}

/** The floor: as many rows as the timeline draws, one innerHTML and a layout, timed in the page. */
async function floorMs(page: Page): Promise<number> {
  return page.evaluate(
    (rows) => {
      const started = performance.now();
      let html = '';
      for (let i = 0; i < rows; i++) html += `<li class="tool">echo(${i}) <span>echo: ${i}</span></li>`;
      const list = document.createElement('ul');
      list.innerHTML = html;
      document.body.replaceChildren(list);
      void list.offsetHeight;
      return performance.now() - started;
    },
    TOOL_CALLS * 2 + 1,
  );
}

const dir = await mkdtemp(join(tmpdir(), 'kodama-bench-inspector-'));
const store = new JsonlSessionStore({ dir: join(dir, 'sessions') });
await store.append('long', longSession(), { title: 'A long session' });
const inspector = await startInspector({ store, eventsDir: join(dir, 'events') });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
});
try {
  const render: number[] = [];
  const fetch: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const page = await browser.newPage();
    await page.goto(`${inspector.url}#session/long`);
    await page.waitForSelector('body[data-ready="session/long"]');
    const rendered = Number(await page.getAttribute('body', 'data-render-ms'));
    const fetched = Number(await page.getAttribute('body', 'data-fetch-ms'));
    const blank = await browser.newPage();
    const base = await floorMs(blank);
    await Promise.all([page.close(), blank.close()]);
    if (i === 0) continue; // warm-up: the browser's caches and the store's first read
    render.push(rendered);
    fetch.push(fetched);
    floor.push(base);
  }
  const r = median(render);
  const b = median(floor);
  console.log(
    `messages=${TOOL_CALLS * 2 + 1} runs=${RUNS} render: ${render.join(',')} floor: ${floor.map(Math.round).join(',')}`,
  );
  console.log(
    `RESULT inspector-render render_ms=${r} fetch_ms=${median(fetch)} floor_ms=${b.toFixed(0)} ratio_vs_floor=${(r / b).toFixed(2)}`,
  );
} finally {
  await browser.close();
  await inspector.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
