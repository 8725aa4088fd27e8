import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { braveEngine } from '../../src/search/brave.ts';
import { exaEngine } from '../../src/search/exa.ts';
import { RateLimiter } from '../../src/search/rate-limiter.ts';
import { EngineUnavailableError } from '../../src/search/search-engine.ts';
import { type LocalServer, readRequestBody, startLocalServer } from '../helpers/local-server.ts';

const noWait = () => new RateLimiter({ minIntervalMs: 0, cooldownMs: 60_000 });
let server: LocalServer;
const seen: Array<{ url: string; headers: Record<string, unknown>; body: string }> = [];

before(async () => {
  server = await startLocalServer(async (request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers, body: await readRequestBody(request) });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.url?.startsWith('/brave/')) {
      if (request.headers['x-subscription-token'] !== 'brave-key') return json(401, { error: 'bad key' });
      return json(200, {
        web: {
          results: [
            {
              title: 'Brave <strong>hit</strong>',
              url: 'https://brave.example/1',
              description: 'About &amp; <strong>things</strong>',
            },
            { title: 'No URL' },
          ],
        },
      });
    }
    if (request.url === '/exa/search') {
      if (request.headers['x-api-key'] !== 'exa-key') return json(401, { error: 'bad key' });
      return json(200, {
        results: [{ title: null, url: 'https://exa.example/a', highlights: ['first bit', 'second bit'] }],
      });
    }
    if (request.url?.startsWith('/limited')) return json(429, { error: 'slow down' });
    json(500, {});
  });
});
after(() => server.close());

describe('Brave', () => {
  it('sends the key and count, and strips markup from results', async () => {
    const engine = braveEngine({
      apiKey: 'brave-key',
      endpoint: `${server.origin}/brave/`,
      limiter: noWait(),
    });
    seen.length = 0;
    const results = await engine.search('kodama trees', { maxResults: 5 });
    assert.deepEqual(results, [
      { title: 'Brave hit', url: 'https://brave.example/1', snippet: 'About & things' },
    ]);
    assert.equal(seen[0]?.url, '/brave/?q=kodama+trees&count=5');
  });

  it('is unavailable with a wrong key, and blocked on 429', async () => {
    const wrongKey = braveEngine({ apiKey: 'nope', endpoint: `${server.origin}/brave/`, limiter: noWait() });
    await assert.rejects(
      wrongKey.search('q', { maxResults: 5 }),
      (e: unknown) => EngineUnavailableError.isInstance(e) && !e.blocked && /Brave: HTTP 401/.test(e.message),
    );
    const limited = braveEngine({
      apiKey: 'brave-key',
      endpoint: `${server.origin}/limited`,
      limiter: noWait(),
    });
    await assert.rejects(
      limited.search('q', { maxResults: 5 }),
      (e: unknown) => EngineUnavailableError.isInstance(e) && e.blocked,
    );
  });
});

describe('Exa', () => {
  it('POSTs an auto search with highlights and renders them as the snippet', async () => {
    const engine = exaEngine({
      apiKey: 'exa-key',
      endpoint: `${server.origin}/exa/search`,
      limiter: noWait(),
    });
    seen.length = 0;
    const results = await engine.search('kodama', { maxResults: 3 });
    assert.deepEqual(results, [
      { title: 'https://exa.example/a', url: 'https://exa.example/a', snippet: 'first bit … second bit' },
    ]);
    assert.deepEqual(JSON.parse(seen[0]?.body ?? ''), {
      query: 'kodama',
      type: 'auto',
      numResults: 3,
      contents: { highlights: true },
    });
  });
});
