import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  duckDuckGoEngine,
  parseDuckDuckGoResults,
  unwrapDuckDuckGoLink,
} from '../../src/search/duckduckgo.ts';
import { RateLimiter } from '../../src/search/rate-limiter.ts';
import { EngineUnavailableError } from '../../src/search/search-engine.ts';
import { type LocalServer, readRequestBody, startLocalServer } from '../helpers/local-server.ts';
import { DUCKDUCKGO_ANOMALY, DUCKDUCKGO_PAGE } from './fixtures.ts';

const noWait = () => new RateLimiter({ minIntervalMs: 0, cooldownMs: 300_000 });
let server: LocalServer;
const bodies: string[] = [];

before(async () => {
  server = await startLocalServer(async (request, response) => {
    bodies.push(await readRequestBody(request));
    if (request.url === '/html/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(DUCKDUCKGO_PAGE);
    } else if (request.url === '/anomaly/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(DUCKDUCKGO_ANOMALY);
    } else {
      response.writeHead(202, { 'content-type': 'text/html' });
      response.end('');
    }
  });
});
after(() => server.close());

describe('DuckDuckGo', () => {
  it('parses organic results, skips ads and unwraps redirect links', () => {
    assert.deepEqual(parseDuckDuckGoResults(DUCKDUCKGO_PAGE), [
      {
        title: 'Node.js 20 is now available!',
        url: 'https://nodejs.org/en/blog/release/v20.0.0',
        snippet: "We're excited to announce the release of Node.js 20! Highlights include...",
      },
      {
        title: 'Node.js - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Node.js',
        snippet: 'Node.js is a cross-platform, open-source JavaScript runtime environment.',
      },
    ]);
    assert.equal(unwrapDuckDuckGoLink('https://example.com/x'), 'https://example.com/x');
  });

  it('POSTs the query as a form and honours maxResults', async () => {
    const engine = duckDuckGoEngine({ endpoint: `${server.origin}/html/`, limiter: noWait() });
    bodies.length = 0;
    const results = await engine.search('node 20 & more', { maxResults: 1 });
    assert.equal(results.length, 1);
    assert.equal(bodies[0], 'q=node+20+%26+more&b=&kl=');
  });

  it('treats a 202 answer and the bot check as a block', async () => {
    for (const path of ['/blocked/', '/anomaly/']) {
      const engine = duckDuckGoEngine({ endpoint: `${server.origin}${path}`, limiter: noWait() });
      await assert.rejects(engine.search('q', { maxResults: 10 }), (error: unknown) => {
        assert.ok(EngineUnavailableError.isInstance(error));
        assert.equal(error.blocked, true);
        return true;
      });
    }
  });
});
