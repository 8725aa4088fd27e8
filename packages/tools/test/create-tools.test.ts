import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ASSUMED, NONE } from '@kodama/core';
import { createTools, TOOL_NAMES, toolsByName, UnknownToolError } from '@kodama/tools';
import { type LocalServer, startLocalServer } from './helpers/local-server.ts';
import { runTool, text } from './helpers/run-tool.ts';

let server: LocalServer;
let cacheDir: string;
before(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'kodama-tools-'));
  server = await startLocalServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('hello');
  });
});
after(async () => {
  await server.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('toolsByName / createTools (the public API)', () => {
  it('builds the named tools in order, without duplicates', () => {
    const tools = toolsByName(['web_scrape', 'calculator', 'web_scrape'], { cacheDir: null });
    assert.deepEqual(
      tools.map((t) => t.name),
      ['web_scrape', 'calculator'],
    );
    assert.deepEqual(tools[1]?.trifectaLegs, NONE);
    assert.deepEqual(tools[0]?.trifectaLegs, ASSUMED);
  });

  it('throws UnknownToolError naming the unknown tools and the available ones', () => {
    assert.throws(
      () => toolsByName(['calculator', 'calculater', 'bash']),
      (error: unknown) =>
        UnknownToolError.isInstance(error) &&
        error.message ===
          'unknown tools calculater, bash; available: calculator, fetch, web_scrape, web_search',
    );
  });

  it('createTools returns all four, keyed by name', () => {
    const tools = createTools({ cacheDir: null, webSearch: { braveApiKey: 'b', exaApiKey: 'e' } });
    assert.deepEqual(Object.keys(tools), [...TOOL_NAMES]);
    for (const name of TOOL_NAMES) assert.equal(tools[name].name, name);
  });

  it('caches under cacheDir/<tool>/', async () => {
    const [fetch] = toolsByName(['fetch'], { cacheDir });
    assert.ok(fetch);
    assert.equal(text(await runTool(fetch, { url: `${server.origin}/x` })), 'hello');
    assert.equal((await readdir(join(cacheDir, 'fetch'))).length, 1);
  });
});
