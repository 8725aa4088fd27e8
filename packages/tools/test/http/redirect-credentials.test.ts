import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { httpRequest } from '../../src/http/http-request.ts';
import { isCrossOrigin, withoutCredentialHeaders } from '../../src/http/redirect-headers.ts';
import { braveEngine } from '../../src/search/brave.ts';
import { exaEngine } from '../../src/search/exa.ts';
import { RateLimiter } from '../../src/search/rate-limiter.ts';
import { type LocalServer, startLocalServer } from '../helpers/local-server.ts';

// Two servers on different ports of 127.0.0.1: different origins. `first`
// redirects to itself or to `second`; both record the headers they receive.
let first: LocalServer;
let second: LocalServer;
const seenByFirst: IncomingHttpHeaders[] = [];
const seenBySecond: IncomingHttpHeaders[] = [];

const SECRETS = {
  Authorization: 'Bearer secret-token',
  Cookie: 'session=secret-cookie',
  'Proxy-Authorization': 'Basic c2VjcmV0',
  'X-Subscription-Token': 'brave-secret',
  'x-api-key': 'exa-secret',
  'X-Custom-Key': 'custom-secret',
};

before(async () => {
  second = await startLocalServer((request, response) => {
    seenBySecond.push(request.headers);
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('landed');
  });
  first = await startLocalServer((request, response) => {
    seenByFirst.push(request.headers);
    const path = new URL(request.url ?? '/', first.origin).pathname;
    if (path === '/to-second') response.writeHead(302, { location: `${second.origin}/land` });
    else if (path === '/same-origin') response.writeHead(307, { location: '/land' });
    else response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(path === '/land' ? 'landed' : '');
  });
});
after(async () => {
  await first.close();
  await second.close();
});

describe('credentials on redirects', () => {
  it('drops Authorization, Cookie, Proxy-Authorization and API key headers when the origin changes', async () => {
    seenBySecond.length = 0;
    const response = await httpRequest(`${first.origin}/to-second`, {
      headers: { ...SECRETS, 'X-Trace': 'keep-me' },
      credentialHeaders: ['X-Custom-Key'],
    });
    assert.equal(response.url, `${second.origin}/land`);
    assert.equal(Buffer.from(response.body).toString(), 'landed');
    const headers = seenBySecond[0];
    assert.ok(headers, 'the second server was reached');
    for (const name of Object.keys(SECRETS)) {
      assert.equal(headers[name.toLowerCase()], undefined, `${name} must not reach another origin`);
    }
    assert.equal(headers['x-trace'], 'keep-me', 'other headers survive');
  });

  it('keeps them on a redirect within the same origin', async () => {
    seenByFirst.length = 0;
    await httpRequest(`${first.origin}/same-origin`, { headers: SECRETS });
    assert.equal(seenByFirst.length, 2);
    assert.equal(seenByFirst[1]?.authorization, 'Bearer secret-token');
    assert.equal(seenByFirst[1]?.['x-api-key'], 'exa-secret');
    assert.equal(seenByFirst[1]?.['x-subscription-token'], 'brave-secret');
  });

  it("keeps Brave's and Exa's keys off a redirect to another origin", async () => {
    seenBySecond.length = 0;
    const limiter = () => new RateLimiter({ minIntervalMs: 0, cooldownMs: 0 });
    const endpoint = `${first.origin}/to-second`;
    const brave = braveEngine({ apiKey: 'brave-secret', endpoint, limiter: limiter() });
    const exa = exaEngine({ apiKey: 'exa-secret', endpoint, limiter: limiter() });
    // The landing page is not JSON, so both engines answer unavailable; what matters is what it saw.
    await assert.rejects(brave.search('q', { maxResults: 1 }));
    await assert.rejects(exa.search('q', { maxResults: 1 }));
    assert.equal(seenBySecond.length, 2);
    assert.equal(seenBySecond[0]?.['x-subscription-token'], undefined);
    assert.equal(seenBySecond[1]?.['x-api-key'], undefined);
  });

  it('treats scheme, host and port as the origin', () => {
    const origin = new URL('https://example.com/a');
    assert.equal(isCrossOrigin(origin, new URL('https://example.com:443/b?c')), false);
    assert.equal(isCrossOrigin(origin, new URL('http://example.com/a')), true);
    assert.equal(isCrossOrigin(origin, new URL('https://example.com:8443/a')), true);
    assert.equal(isCrossOrigin(origin, new URL('https://api.example.com/a')), true);
  });

  it('matches header names case-insensitively', () => {
    assert.deepEqual(
      withoutCredentialHeaders({ AUTHORIZATION: 'x', 'x-Api-Key': 'y', Accept: 'z', Mine: 'w' }, ['mine']),
      { Accept: 'z' },
    );
  });
});
