import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ASSUMED, NONE } from '@kodama/core';
import { UnknownToolError } from '@kodama/core/tool';
import { TOOL_NAMES, TOOL_REGISTRY, toolsByName } from '@kodama/tools';
import { type LocalServer, startLocalServer } from './helpers/local-server.ts';
import { runTool, text } from './helpers/run-tool.ts';

let server: LocalServer;
/** Fake search engines: DuckDuckGo is down, Brave and Exa answer only to the right key. */
let engines: LocalServer;
const engineHeaders: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
let cacheDir: string;
before(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'kodama-tools-'));
  server = await startLocalServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('hello');
  });
  engines = await startLocalServer((request, response) => {
    const path = request.url ?? '/';
    engineHeaders.push({ path, headers: request.headers });
    const json = (value: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (path.startsWith('/brave?') && request.headers['x-subscription-token'] === 'config-brave-key') {
      json({ web: { results: [{ title: 'Brave says', url: 'https://b.example/', description: 'hi' }] } });
    } else if (path === '/exa' && request.headers['x-api-key'] === 'config-exa-key') {
      json({ results: [{ title: 'Exa says', url: 'https://e.example/', highlights: ['hello'] }] });
    } else {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('down');
    }
  });
});
after(async () => {
  await server.close();
  await engines.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('TOOL_REGISTRY / toolsByName (the public API)', () => {
  it('builds the named tools in order, without duplicates', async () => {
    const tools = await toolsByName(['web_scrape', 'calculator', 'web_scrape'], { cacheDir: null });
    assert.deepEqual(
      tools.map((t) => t.name),
      ['web_scrape', 'calculator'],
    );
    assert.deepEqual(tools[1]?.trifectaLegs, NONE);
    assert.deepEqual(tools[0]?.trifectaLegs, ASSUMED);
  });

  it("rejects with core's UnknownToolError naming the unknown tools and the available ones", async () => {
    await assert.rejects(
      toolsByName(['calculator', 'calculater', 'bash']),
      (error: unknown) =>
        UnknownToolError.isInstance(error) &&
        error.code === 'unknown-tool-error' &&
        error.unknownNames.join() === 'calculater,bash' &&
        error.available.join() === 'calculator,fetch,web_scrape,web_search' &&
        error.message ===
          'unknown tools "calculater", "bash". Available tools: calculator, fetch, web_scrape, web_search',
    );
  });

  it('TOOL_NAMES is the registry keys, and each factory builds the tool of its name', async () => {
    assert.deepEqual(TOOL_NAMES, Object.keys(TOOL_REGISTRY));
    assert.deepEqual(TOOL_NAMES, ['calculator', 'fetch', 'web_scrape', 'web_search']);
    for (const name of TOOL_NAMES) {
      const tool = await TOOL_REGISTRY[name]({
        cacheDir: null,
        webSearch: { braveApiKey: 'b', exaApiKey: 'e' },
      });
      assert.equal(tool.name, name);
    }
  });

  it('caches under cacheDir/<tool>/', async () => {
    const [fetch] = await toolsByName(['fetch'], { cacheDir });
    assert.ok(fetch);
    assert.equal(text(await runTool(fetch, { url: `${server.origin}/x` })), 'hello');
    assert.equal((await readdir(join(cacheDir, 'fetch'))).length, 1);
  });

  it('passes the configured Brave and Exa keys (and maxResults) to the engines', async () => {
    const endpoints = {
      duckDuckGo: `${engines.origin}/ddg`,
      brave: `${engines.origin}/brave`,
      exa: `${engines.origin}/exa`,
    };
    engineHeaders.length = 0;
    const [withBrave] = await toolsByName(['web_search'], {
      cacheDir: null,
      webSearch: { braveApiKey: 'config-brave-key', maxResults: 1, endpoints },
    });
    assert.ok(withBrave);
    assert.match(
      text(await runTool(withBrave, { query: 'q' })),
      /^Search results for "q":\n\n1\. \[Brave says\]/,
    );
    const brave = engineHeaders.find((r) => r.path.startsWith('/brave'));
    assert.equal(brave?.headers['x-subscription-token'], 'config-brave-key');
    assert.match(brave?.path ?? '', /[?&]count=1(&|$)/);

    engineHeaders.length = 0;
    const [withExa] = await toolsByName(['web_search'], {
      cacheDir: null,
      webSearch: { exaApiKey: 'config-exa-key', endpoints },
    });
    assert.ok(withExa);
    assert.match(
      text(await runTool(withExa, { query: 'q' })),
      /^Search results for "q":\n\n1\. \[Exa says\]/,
    );
    assert.equal(engineHeaders.find((r) => r.path === '/exa')?.headers['x-api-key'], 'config-exa-key');
  });
});
