import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { USER_AGENT } from '../../src/http/constants.ts';
import { FetchError } from '../../src/http/fetch-error.ts';
import { assertOk, httpRequest } from '../../src/http/http-request.ts';
import { holdClosedPort } from '../helpers/closed-port.ts';
import { type LocalServer, startLocalServer } from '../helpers/local-server.ts';

let server: LocalServer;
const seenHeaders: Record<string, string | string[] | undefined>[] = [];

before(async () => {
  server = await startLocalServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    seenHeaders.push(request.headers);
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const left = Number(hop[1]);
      response.writeHead(302, { location: left === 0 ? '/final' : `/hop/${left - 1}` });
      response.end();
      return;
    }
    switch (url.pathname) {
      case '/final':
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('arrived');
        return;
      case '/gzip':
        response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        response.end(zlib.gzipSync('squeezed text'));
        return;
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end(`<html><body>  No   such page here ${'x'.repeat(2000)}</body></html>`);
        return;
      case '/slow-headers':
        setTimeout(() => response.end('late'), 2_000).unref();
        return;
      case '/stall-body':
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('first chunk');
        return; // never ends
      case '/big':
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('a'.repeat(10_000));
        return;
      default:
        response.writeHead(500);
        response.end('unexpected');
    }
  });
});
after(() => server.close());

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected a rejection');
}

describe('httpRequest', () => {
  it('follows 5 redirects and reports the final URL', async () => {
    const response = await httpRequest(`${server.origin}/hop/4`);
    assert.equal(response.status, 200);
    assert.equal(response.url, `${server.origin}/final`);
    assert.equal(Buffer.from(response.body).toString(), 'arrived');
    assert.equal(response.contentType.mediaType, 'text/plain');
    assert.equal(response.contentType.charset, 'utf-8');
  });

  it('refuses a 6th redirect', async () => {
    const error = await rejection(httpRequest(`${server.origin}/hop/5`));
    assert.ok(FetchError.isInstance(error));
    assert.equal(error.kind, 'too-many-redirects');
    assert.match(error.message, /too many redirects \(more than 5\)/);
  });

  it('sends a browser User-Agent and the scraper Accept header', async () => {
    seenHeaders.length = 0;
    await httpRequest(`${server.origin}/final`);
    assert.equal(seenHeaders[0]?.['user-agent'], USER_AGENT);
    assert.equal(seenHeaders[0]?.accept, 'text/html,application/xhtml+xml,application/pdf,text/*;q=0.8');
  });

  it('decompresses gzip bodies', async () => {
    const response = await httpRequest(`${server.origin}/gzip`);
    assert.equal(Buffer.from(response.body).toString(), 'squeezed text');
  });

  it('assertOk turns a 404 into a FetchError with status and a short excerpt', async () => {
    const response = await httpRequest(`${server.origin}/missing`);
    assert.equal(response.status, 404);
    let error: unknown;
    try {
      assertOk(response);
    } catch (e) {
      error = e;
    }
    assert.ok(FetchError.isInstance(error));
    assert.equal(error.status, 404);
    assert.match(
      error.message,
      /^HTTP 404 Not Found from http:\/\/127\.0\.0\.1:\d+\/missing: <html><body> No such page here x+/,
    );
    assert.ok(error.message.length < 420, `excerpt is short (${error.message.length})`);
  });

  it('times out waiting for headers with the configured read timeout', async () => {
    const error = await rejection(httpRequest(`${server.origin}/slow-headers`, { readTimeoutMs: 100 }));
    assert.ok(FetchError.isInstance(error));
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /no data from 127\.0\.0\.1:\d+ for 0\.1 s \(read timeout\)/);
  });

  it('times out when the body stalls', async () => {
    const error = await rejection(httpRequest(`${server.origin}/stall-body`, { readTimeoutMs: 100 }));
    assert.ok(FetchError.isInstance(error));
    assert.equal(error.kind, 'timeout');
  });

  it('cuts a body at maxBodyBytes and flags it', async () => {
    const response = await httpRequest(`${server.origin}/big`, { maxBodyBytes: 1000 });
    assert.equal(response.body.length, 1000);
    assert.equal(response.truncated, true);
  });

  it('rejects with the abort reason when the signal fires', async () => {
    const controller = new AbortController();
    const pending = httpRequest(`${server.origin}/slow-headers`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user cancelled')), 20);
    const error = await rejection(pending);
    assert.equal(FetchError.isInstance(error), false);
    assert.match(String(error), /user cancelled|abort/i);
  });

  it('refuses non-http schemes and relative URLs', async () => {
    const ftp = await rejection(httpRequest('ftp://example.com/file'));
    assert.ok(FetchError.isInstance(ftp));
    assert.match(ftp.message, /only http and https URLs are supported, not "ftp:"/);
    const relative = await rejection(httpRequest('/just/a/path'));
    assert.ok(FetchError.isInstance(relative));
    assert.equal(relative.kind, 'invalid-url');
  });

  it('reports a refused connection as a network error', async (t) => {
    const closed = await holdClosedPort();
    t.after(() => closed.release());
    const error = await rejection(httpRequest(`http://127.0.0.1:${closed.port}/`));
    assert.ok(FetchError.isInstance(error));
    assert.equal(error.kind, 'network');
    assert.match(error.message, /ECONNREFUSED/);
  });
});
