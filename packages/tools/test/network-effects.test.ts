import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { effectOfKind, effectsOf, mayHaveEffect } from '@kodama/core';
import { fetchTool } from '../src/fetch/fetch-tool.ts';
import { webScrapeTool } from '../src/scrape/web-scrape-tool.ts';
import { webSearchTool } from '../src/search/web-search-tool.ts';
import { type LocalServer, startLocalServer } from './helpers/local-server.ts';
import { runTool } from './helpers/run-tool.ts';

let server: LocalServer;
const seen: string[] = [];

before(async () => {
  server = await startLocalServer(async (request, response) => {
    seen.push(`${server.origin}${request.url ?? '/'}`);
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><body><p>hello</p></body></html>');
  });
});
after(() => server.close());

test('fetch and web_scrape declare the URL they download', async () => {
  for (const tool of [fetchTool(), webScrapeTool()]) {
    const url = `${server.origin}/page-${tool.name}`;
    const effect = effectOfKind(effectsOf(tool, { url }), 'reachesNetwork');
    seen.length = 0;
    assert.equal((await runTool(tool, { url })).kind, 'ok');
    assert.deepEqual(seen, [effect?.url]);
    assert.deepEqual(tool.effects?.kinds, ['reachesNetwork']);
  }
});

test('web_search reaches the network without naming a URL (the engines are the host’s)', () => {
  const tool = webSearchTool({ engines: [] });
  assert.deepEqual(effectsOf(tool, { query: 'node 20' }), [{ kind: 'reachesNetwork' }]);
  assert.ok(mayHaveEffect(tool, 'reachesNetwork') && !mayHaveEffect(tool, 'writesFile'));
});
