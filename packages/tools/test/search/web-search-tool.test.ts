import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ASSUMED } from '@kodama/core';
import { DiskUrlCache } from '../../src/cache/url-cache.ts';
import { braveEngine } from '../../src/search/brave.ts';
import { duckDuckGoEngine } from '../../src/search/duckduckgo.ts';
import { exaEngine } from '../../src/search/exa.ts';
import { RateLimiter } from '../../src/search/rate-limiter.ts';
import { webSearchTool } from '../../src/search/web-search-tool.ts';
import { type LocalServer, startLocalServer } from '../helpers/local-server.ts';
import { runTool, text } from '../helpers/run-tool.ts';
import { DUCKDUCKGO_PAGE } from './fixtures.ts';

let server: LocalServer;
let cacheDir: string;
const noWait = () => new RateLimiter({ minIntervalMs: 0, cooldownMs: 300_000 });
/** With this random source the shuffle keeps the given order. */
const keepOrder = () => 0.999;

before(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'kodama-search-'));
  server = await startLocalServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/ddg-ok/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(DUCKDUCKGO_PAGE);
    } else if (url === '/ddg-blocked/') {
      response.writeHead(403, { 'content-type': 'text/html' });
      response.end('Forbidden');
    } else if (url.startsWith('/brave-ok')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          web: {
            results: [{ title: 'From Brave', url: 'https://b.example/', description: 'brave snippet' }],
          },
        }),
      );
    } else {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('down');
    }
  });
});
after(async () => {
  await server.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('web_search tool', () => {
  it('declares the name, one query parameter and ASSUMED legs', () => {
    const tool = webSearchTool({ engines: [] });
    assert.equal(tool.name, 'web_search');
    assert.match(
      tool.description,
      /^Searches the web for a query and returns the top results as a Markdown list of titles, URLs, and short snippets\.\n\nUsage:\n/,
    );
    assert.deepEqual(tool.parameters.jsonSchema.required, ['query']);
    assert.deepEqual(tool.trifectaLegs, ASSUMED);
  });

  it('falls through a blocked DuckDuckGo to Brave, and DuckDuckGo then cools down', async () => {
    const ddgLimiter = noWait();
    const tool = webSearchTool({
      engines: [
        duckDuckGoEngine({ endpoint: `${server.origin}/ddg-blocked/`, limiter: ddgLimiter }),
        braveEngine({ apiKey: 'k', endpoint: `${server.origin}/brave-ok`, limiter: noWait() }),
      ],
      random: keepOrder,
    });
    const outcome = await runTool(tool, { query: 'trees' });
    assert.deepEqual(outcome, {
      kind: 'ok',
      result:
        'Search results for "trees":\n\n1. [From Brave](https://b.example/)\n   https://b.example/\n   brave snippet',
    });
    assert.ok(ddgLimiter.cooldownRemaining() > 290_000);
  });

  it('renders DuckDuckGo results as a stable numbered list', async () => {
    const tool = webSearchTool({
      engines: [duckDuckGoEngine({ endpoint: `${server.origin}/ddg-ok/`, limiter: noWait() })],
    });
    assert.equal(
      text(await runTool(tool, { query: 'node 20' })),
      [
        'Search results for "node 20":',
        '',
        '1. [Node.js 20 is now available!](https://nodejs.org/en/blog/release/v20.0.0)',
        '   https://nodejs.org/en/blog/release/v20.0.0',
        "   We're excited to announce the release of Node.js 20! Highlights include...",
        '',
        '2. [Node.js - Wikipedia](https://en.wikipedia.org/wiki/Node.js)',
        '   https://en.wikipedia.org/wiki/Node.js',
        '   Node.js is a cross-platform, open-source JavaScript runtime environment.',
      ].join('\n'),
    );
  });

  it('shuffles the order on every call', async () => {
    const order: string[] = [];
    const engine = (name: string) => ({
      name,
      search: async () => {
        order.push(name);
        return [];
      },
    });
    let toggle = 0;
    const tool = webSearchTool({
      engines: [engine('A'), engine('B')],
      random: () => (toggle++ % 2 === 0 ? 0.999 : 0),
    });
    await runTool(tool, { query: 'one' });
    await runTool(tool, { query: 'two' });
    assert.deepEqual(order, ['A', 'B']);
  });

  it('reports every engine when none is available', async () => {
    const tool = webSearchTool({
      engines: [
        duckDuckGoEngine({ endpoint: `${server.origin}/ddg-blocked/`, limiter: noWait() }),
        exaEngine({ apiKey: 'k', endpoint: `${server.origin}/exa-down`, limiter: noWait() }),
      ],
      random: keepOrder,
    });
    const outcome = await runTool(tool, { query: 'q' });
    assert.equal(outcome.kind, 'error');
    assert.equal(
      text(outcome),
      'Error: no search engine is available right now (DuckDuckGo: HTTP 403 (blocked or rate limited); Exa: HTTP 503). Try again later.',
    );
  });

  it('answers a repeated query from the cache', async () => {
    let calls = 0;
    const engine = {
      name: 'Counting',
      search: async () => [{ title: `call ${++calls}`, url: 'https://c.example/', snippet: '' }],
    };
    const tool = webSearchTool({
      engines: [engine],
      cache: new DiskUrlCache({ dir: join(cacheDir, 'web_search') }),
    });
    const first = text(await runTool(tool, { query: 'same' }));
    assert.equal(text(await runTool(tool, { query: 'same' })), first);
    assert.equal(calls, 1);
  });

  it('refuses an empty query', async () => {
    assert.deepEqual(await runTool(webSearchTool({ engines: [] }), { query: '  ' }), {
      kind: 'error',
      result: 'Error: the query is empty',
    });
  });
});
