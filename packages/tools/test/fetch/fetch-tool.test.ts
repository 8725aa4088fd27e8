import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ASSUMED } from '@kodama/core';
import { DiskUrlCache } from '../../src/cache/url-cache.ts';
import { fetchTool } from '../../src/fetch/fetch-tool.ts';
import { type LocalServer, startLocalServer } from '../helpers/local-server.ts';
import { runTool, text } from '../helpers/run-tool.ts';

let server: LocalServer;
let cacheDir: string;
let counter = 0;

before(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'kodama-fetch-'));
  server = await startLocalServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/data.json') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end('{"answer": 42, "name": "héllo"}');
    } else if (path === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body><p>raw <b>html</b></p></body></html>');
    } else if (path === '/feed') {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end('<rss version="2.0"><channel/></rss>');
    } else if (path === '/long.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('0123456789'.repeat(1_000));
    } else if (path === '/huge.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('y'.repeat(150_000));
    } else if (path === '/image.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    } else if (path === '/doc.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('%PDF-1.4\n');
    } else if (path === '/octets') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(Buffer.from([1, 2, 0, 3]));
    } else if (path === '/counter') {
      counter += 1;
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`call ${counter}`);
    } else if (path === '/boom') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('internal failure details');
    } else if (path === '/latin1') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' });
      response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not here');
    }
  });
});
after(async () => {
  await server.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('fetch tool', () => {
  const tool = fetchTool();

  it('declares the seed name, parameters and ASSUMED legs', () => {
    assert.equal(tool.name, 'fetch');
    assert.match(tool.description, /^Downloads the given URL and returns its body verbatim\.\n\nUsage:\n/);
    assert.deepEqual(tool.trifectaLegs, ASSUMED);
    assert.deepEqual(Object.keys(tool.parameters.jsonSchema.properties as object), ['url', 'max_chars']);
    assert.deepEqual(tool.parameters.jsonSchema.required, ['url']);
  });

  it('returns JSON, HTML and RSS bodies verbatim', async () => {
    assert.deepEqual(await runTool(tool, { url: `${server.origin}/data.json` }), {
      kind: 'ok',
      result: '{"answer": 42, "name": "héllo"}',
    });
    assert.equal(
      text(await runTool(tool, { url: `${server.origin}/page.html` })),
      '<html><body><p>raw <b>html</b></p></body></html>',
    );
    assert.equal(
      text(await runTool(tool, { url: `${server.origin}/feed` })),
      '<rss version="2.0"><channel/></rss>',
    );
  });

  it('decodes the declared charset', async () => {
    assert.equal(text(await runTool(tool, { url: `${server.origin}/latin1` })), 'café');
  });

  it('cuts at 5,000 characters by default with a marker giving the full length', async () => {
    const result = text(await runTool(tool, { url: `${server.origin}/long.txt` }));
    assert.ok(result.startsWith('0123456789'.repeat(500)));
    assert.match(
      result,
      /\[… truncated: showing the first 5,000 of 10,000 characters\. Call again with a larger max_chars \(up to 100,000\) to read more\.\]$/,
    );
  });

  it('honours max_chars and clamps it to 100,000', async () => {
    const short = text(await runTool(tool, { url: `${server.origin}/long.txt`, max_chars: 15 }));
    assert.match(short, /^012345678901234\n\n\[… truncated: showing the first 15 of 10,000/);
    const clamped = text(await runTool(tool, { url: `${server.origin}/huge.txt`, max_chars: 1_000_000 }));
    assert.match(clamped, /showing the first 100,000 of 150,000 characters\.\]$/);
    const full = text(await runTool(tool, { url: `${server.origin}/long.txt`, max_chars: 20_000 }));
    assert.equal(full.length, 10_000);
  });

  it('refuses PDFs (pointing at web_scrape), images and other binaries', async () => {
    const pdf = await runTool(tool, { url: `${server.origin}/doc.pdf` });
    assert.equal(pdf.kind, 'error');
    assert.match(
      text(pdf),
      /^Error: http:\/\/127\.0\.0\.1:\d+\/doc\.pdf is application\/pdf, which fetch does not return.*use web_scrape/,
    );
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/image.png` })),
      /^Error: .* is image\/png, which fetch does not return/,
    );
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/octets` })),
      /^Error: .* is application\/octet-stream/,
    );
  });

  it('reports 404 and 500 with status and excerpt', async () => {
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/nope` })),
      /^Error: HTTP 404 Not Found from .*\/nope: not here$/,
    );
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/boom` })),
      /^Error: HTTP 500 Internal Server Error from .*: internal failure details$/,
    );
  });

  it('refuses non-http URLs and bad max_chars as observations', async () => {
    assert.match(
      text(await runTool(tool, { url: 'file:///etc/passwd' })),
      /^Error: only http and https URLs are supported/,
    );
    assert.match(text(await runTool(tool, { url: 'example.com' })), /^Error: invalid URL "example\.com"/);
    assert.equal(
      text(await runTool(tool, { url: `${server.origin}/long.txt`, max_chars: 0 })),
      'Error: max_chars must be at least 1 (got 0)',
    );
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/x`, max_chars: 'ten' })),
      /^Error: invalid arguments for fetch/,
    );
  });

  it('answers a second call from the cache; the null cache always downloads', async () => {
    const cached = fetchTool({ cache: new DiskUrlCache({ dir: join(cacheDir, 'fetch') }) });
    const url = `${server.origin}/counter`;
    const first = text(await runTool(cached, { url }));
    assert.equal(text(await runTool(cached, { url })), first);
    const uncached = text(await runTool(tool, { url }));
    assert.notEqual(uncached, first);
  });

  it('stops when the turn is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await runTool(tool, { url: `${server.origin}/data.json` }, controller.signal);
    assert.equal(outcome.kind, 'failure');
    assert.match(text(outcome), /Abort/);
  });
});
