// The inspector in a real browser (Debian chromium through playwright-core)
// over a JSONL session store filled by real Runs.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { graph } from '@kodama/assemblies';
import { Agent, defineTool, NONE } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import { JsonlSessionStore, type SessionStore } from '@kodama/core/session';
import { ScriptedModel, type ScriptedReply } from '@kodama/testkit';
import { type Browser, chromium, type Page } from 'playwright-core';
import { z } from 'zod';
import { type Inspector, recordRunEvents, startInspector } from '../src/index.ts';

const CHROMIUM = '/usr/bin/chromium';
let dir: string;
let store: SessionStore;
let inspector: Inspector;
let browser: Browser;
let eventsDir: string;
let greetingRun: string;
const consoleErrors: string[] = [];

const echo = defineTool({
  name: 'echo',
  description: 'Echoes.',
  parameters: z.object({ text: z.string() }),
  trifectaLegs: NONE,
  execute: ({ text }) => `echo: ${text}`,
});

before(async () => {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
  }
  dir = await mkdtemp(join(tmpdir(), 'kodama-inspector-'));
  store = new JsonlSessionStore({ dir: join(dir, 'sessions') });
  const model = new ScriptedModel([
    {
      toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hello' } }],
      usage: { inputTokens: 120, outputTokens: 8 },
    },
    { text: 'The echo said hello.', usage: { inputTokens: 140, outputTokens: 6 } },
  ]);
  const agent = new Agent({ model, systemPrompt: 's', configure: (c) => c.addTool(echo) });
  eventsDir = join(dir, 'events');
  const greeting = await agent.ask('Say hello through the echo.', {
    session: { id: 'greeting', store },
    observers: [recordRunEvents(eventsDir)],
  });
  greetingRun = greeting.id;
  const failing = new Agent({
    model: new ScriptedModel([{ fault: 'http', status: 500 } as never]),
    systemPrompt: 's',
  });
  await failing.ask('This one fails.', { session: { id: 'broken', store } });
  // A long session: 5,000 tool calls and their results (10,000 messages).
  const long: HistoryMessage[] = [{ id: 'u', kind: 'user', message: { role: 'user', content: 'Loop.' } }];
  for (let i = 0; i < 5000; i++) {
    long.push({
      id: `a${i}`,
      kind: 'assistant',
      message: {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: `t${i}`, name: 'echo', arguments: `{"text":"${i}"}` }],
      },
      usage: {
        inputTokens: 10,
        outputTokens: 2,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        reasoningTokens: 0,
      },
    });
    long.push({
      id: `r${i}`,
      kind: 'tool',
      message: { role: 'tool', toolCallId: `t${i}`, toolName: 'echo', content: `echo: ${i}` },
    });
  }
  await store.append('long', long, { title: 'A long session' });
  inspector = await startInspector({ store, eventsDir, trifecta: () => agent.trifecta() });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
});

after(async () => {
  await browser?.close();
  await inspector?.close();
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

async function open(hash = ''): Promise<Page> {
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  // The person's address (the token in its fragment), a view after it: the page keeps the token
  // for the tab and leaves the view in the address.
  await page.goto(`${inspector.url}${hash}`);
  await page.waitForSelector(`body[data-ready="${hash.slice(1) || 'sessions'}"]`);
  assert.doesNotMatch(page.url(), /token/, 'the token leaves the address bar and history');
  return page;
}

describe('the inspector page', () => {
  test('lists the sessions with their runs, outcomes and tokens, and opens a timeline', async () => {
    const page = await open();
    const rows = await page.$$eval('#session-table tbody tr', (trs) =>
      trs.map((tr) => Array.from(tr.children).map((td) => td.textContent)),
    );
    const greeting = rows.find((r) => r[0] === 'Say hello through the echo.');
    assert.ok(greeting, JSON.stringify(rows));
    assert.deepEqual([greeting[2], greeting[3], greeting[4]], ['1', 'completed', '274']);
    assert.equal(rows.find((r) => r[0] === 'This one fails.')?.[3], 'failed');
    await page.click('tr[data-id="greeting"]');
    await page.waitForSelector('body[data-ready^="session/"]');
    const items = await page.$$eval('#timeline li', (lis) =>
      lis.map((li) => `${li.className}: ${li.textContent?.replace(/\s+/g, ' ').trim()}`),
    );
    assert.deepEqual(items, [
      'user: user Say hello through the echo.',
      'tool-call fold: [model call · 120 in / 8 out] → echo {"text":"hello"}',
      'tool fold: ← echo: echo: hello',
      'assistant: assistant · scripted-model · 140 in / 6 out The echo said hello.',
    ]);
    await page.click('li.tool.fold');
    assert.ok(await page.$('li.tool.fold.open'), 'a click unfolds a result');
    await page.screenshot({ path: join(dir, 'timeline.png') });
    assert.deepEqual(consoleErrors, []);
  });

  test('the trifecta map is drawn with the worst path marked', async () => {
    const page = await open('#trifecta');
    assert.match((await page.textContent('#trifecta-verdict')) ?? '', /SILENT · worst path: main/);
    assert.ok(await page.$('.node.worst[data-label="main"]'));
    assert.deepEqual(consoleErrors, []);
  });

  // How fast is the benchmark's question (`npm run bench -- inspector-render`, target < 1 s):
  // a test asserts what is drawn, and prints the page's own timing for the log.
  test('a 10,000-message session is drawn whole, and the page times its own rendering', async () => {
    const page = await open('#session/long');
    assert.equal(await page.$$eval('#timeline li', (lis) => lis.length), 10_001);
    const ms = Number(await page.getAttribute('body', 'data-render-ms'));
    const fetchMs = await page.getAttribute('body', 'data-fetch-ms');
    console.log(
      `# 10,000 messages: fetched and parsed in ${fetchMs} ms, rendered (DOM and layout) in ${ms} ms`,
    );
    assert.ok(Number.isFinite(ms) && ms > 0, `the page recorded its render time: ${ms}`);
    await page.screenshot({ path: join(dir, 'long.png') });
    assert.deepEqual(consoleErrors, []);
  });
});

describe('run timelines from recorded events', () => {
  test("a run's model calls with their latency and usage, its tools with duration and status", async () => {
    const page = await open(`#run/${greetingRun}`);
    const rows = await page.$$eval('#run-events li', (lis) =>
      lis.map((li) => li.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
    );
    assert.equal(rows.length, 6, rows.join('\n'));
    assert.match(rows[0]!, /run started/);
    assert.match(rows[1]!, /say hello through the echo\./i);
    assert.match(rows[2]!, /model call scripted-model · \d+ ms · 120 in \/ 8 out · tool-calls/);
    assert.match(rows[3]!, /echo · \d+ ms · ok echo: hello/);
    assert.match(rows[4]!, /model call scripted-model · \d+ ms · 140 in \/ 6 out · stop/);
    assert.match(rows[5]!, /run completed · 274 tokens/);
    assert.deepEqual(consoleErrors, []);
  });

  test('the live view follows a running run until it ends', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = defineTool({
      name: 'slow',
      description: 'Waits.',
      parameters: z.object({}),
      trifectaLegs: NONE,
      execute: async () => {
        await gate;
        return 'done waiting';
      },
    });
    const agent = new Agent({
      model: new ScriptedModel([
        { toolCalls: [{ id: 's1', name: 'slow', arguments: {} }] },
        { text: 'finished' },
      ]),
      systemPrompt: 's',
      configure: (c) => c.addTool(slow),
    });
    const run = agent.createRun('wait', {
      session: { id: 'live', store },
      observers: [recordRunEvents(eventsDir)],
    });
    const finished = run.execute();
    const page = await open(`#run/${run.id}`);
    await page.waitForFunction(() => document.getElementById('run-status')?.textContent?.includes('live'));
    release();
    await finished;
    await page.waitForFunction(() =>
      /run completed/.test(document.getElementById('run-events')?.textContent ?? ''),
    );
    assert.doesNotMatch((await page.textContent('#run-status')) ?? '', /live/);
    assert.match((await page.textContent('#run-events')) ?? '', /slow · \d+ ms · ok done waiting/);
    assert.deepEqual(consoleErrors, []);
  });
});

describe('an assembly run', () => {
  test('its steps and transitions are drawn, a failed step marked, with the participants named', async () => {
    const agent = (id: string, reply: ScriptedReply) =>
      new Agent({ id, model: new ScriptedModel([reply]), systemPrompt: `You are ${id}.` });
    const review = graph({
      nodes: {
        draft: agent('draft', { text: 'a draft', usage: { inputTokens: 10, outputTokens: 5 } }),
        check: agent('check', { fault: 'http', status: 400 } as never),
        fix: agent('fix', { text: 'fixed it', usage: { inputTokens: 20, outputTokens: 4 } }),
      },
      start: 'draft',
      finish: 'fix',
      edges: [
        { from: 'draft', to: 'check' },
        { from: 'check', to: 'fix' },
      ],
      errorEdges: [{ from: 'check', to: 'fix' }],
    });
    const run = await review.ask('Write it.', { observers: [recordRunEvents(eventsDir)] });
    assert.equal(run.outcome, 'completed', String(run.error));
    const page = await open(`#run/${run.id}`);
    const rows = await page.$$eval('#run-events li', (lis) =>
      lis.map((li) => `${li.className} | ${li.textContent?.replace(/\s+/g, ' ').trim() ?? ''}`),
    );
    const text = rows.join('\n');
    assert.match(text, /ev step \| .* graph step draft started/);
    assert.match(text, /ev step status-completed \| .* draft · completed · 15 tokens/);
    assert.match(text, /ev step status-failed \| .* check · failed · 0 tokens · \w+Error/);
    assert.match(text, /ev transition \| .* check → fix \(on \w+Error\)/);
    assert.match(text, /ev step status-completed \| .* fix · completed · 24 tokens/);
    assert.match(rows.at(-1)!, /run completed · 39 tokens/);
    assert.deepEqual(consoleErrors, []);
  });
});

describe('the inspector API', () => {
  test('refuses a request without the token, and one from another origin', async () => {
    const api = new URL('/api/sessions', inspector.url);
    assert.equal((await fetch(api)).status, 401);
    assert.equal((await fetch(api, { headers: { authorization: 'Bearer nope' } })).status, 401);
    const ok = await fetch(api, { headers: { authorization: `Bearer ${inspector.token}` } });
    assert.equal(ok.status, 200);
    const foreign = await fetch(api, {
      headers: { authorization: `Bearer ${inspector.token}`, origin: 'http://evil.example' },
    });
    assert.equal(foreign.status, 403);
    const inQuery = new URL(api);
    inQuery.searchParams.set('token', inspector.token!);
    assert.equal((await fetch(inQuery)).status, 401, 'a token in the query string is not accepted');
  });

  test('a tab opened without the printed address gets no data and says what to open', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('/', inspector.url).href);
    await page.waitForSelector('body[data-error]');
    assert.equal(await page.isVisible('#problem'), true);
    assert.equal(await page.$$eval('#session-table tbody tr', (trs) => trs.length), 0);
    await page.close();
  });
});
