import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ASSUMED } from '@kodama/core';
import { DiskUrlCache } from '../../src/cache/url-cache.ts';
import { webScrapeTool } from '../../src/scrape/web-scrape-tool.ts';
import { buildPdf } from '../helpers/build-pdf.ts';
import { type LocalServer, startLocalServer } from '../helpers/local-server.ts';
import { articlePage, productPage } from '../helpers/pages.ts';
import { runTool, text } from '../helpers/run-tool.ts';

let server: LocalServer;
let cacheDir: string;
let version = 0;
const pdf = buildPdf(['Quarterly report', 'Revenue grew']);

before(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'kodama-scrape-'));
  server = await startLocalServer((request, response) => {
    const path = request.url ?? '/';
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const left = Number(hop[1]);
      response.writeHead(301, { location: left === 0 ? '/article' : `/hop/${left - 1}` });
      response.end();
      return;
    }
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    if (path === '/article') html(articlePage({ paragraphs: 8 }));
    else if (path === '/product') html(productPage());
    else if (path === '/huge') html(articlePage({ paragraphs: 400 }));
    else if (path === '/spa')
      html(
        '<html><head><title></title></head><body><div id="root"></div><script>boot()</script></body></html>',
      );
    else if (path === '/versioned') {
      version += 1;
      html(articlePage({ paragraphs: 4, title: `Version ${version}` }));
    } else if (path === '/report.pdf' || path === '/download') {
      response.writeHead(200, {
        'content-type': path === '/download' ? 'application/octet-stream' : 'application/pdf',
      });
      response.end(pdf);
    } else if (path === '/notes.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('# not a heading\n<b>kept as is</b>');
    } else if (path === '/photo.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(Buffer.from([0xff, 0xd8, 0xff, 0]));
    } else if (path === '/slow') {
      setTimeout(() => html('late'), 1_000).unref();
    } else {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not Found</h1>');
    }
  });
});
after(async () => {
  await server.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('web_scrape tool', () => {
  const tool = webScrapeTool();

  it('declares the seed name, parameters and ASSUMED legs', () => {
    assert.equal(tool.name, 'web_scrape');
    assert.match(
      tool.description,
      /^Scrapes the rendered webpage or text file at the given URL and returns its main content as Markdown\.\n\nUsage:\n/,
    );
    assert.deepEqual(tool.trifectaLegs, ASSUMED);
    assert.deepEqual(Object.keys(tool.parameters.jsonSchema.properties as object), ['url', 'max_chars']);
  });

  it('returns an article as Markdown with absolute links', async () => {
    const outcome = await runTool(tool, { url: `${server.origin}/article` });
    assert.equal(outcome.kind, 'ok');
    const markdown = text(outcome);
    assert.match(markdown, /^# The Test Article \| Example News\n\nParagraph 0/);
    assert.ok(markdown.includes(`[a relative link](${server.origin}/link/7)`));
    assert.ok(!markdown.includes('Trending now'));
  });

  it('follows a 5-redirect chain and refuses a 6th', async () => {
    assert.match(text(await runTool(tool, { url: `${server.origin}/hop/4` })), /^# The Test Article/);
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/hop/5` })),
      /^Error: too many redirects \(more than 5\)/,
    );
  });

  it('leads with the JSON-LD product section', async () => {
    const markdown = text(await runTool(tool, { url: `${server.origin}/product` }));
    assert.match(
      markdown,
      /^## Trail Runner 3000\n\n- Type: Product\n- Brand: Kodama Gear\n- SKU: TR-3000\n- Price: 129\.99 USD/,
    );
    assert.match(markdown, /\n\n---\n\n# Trail Runner 3000 \| Example News\n\n/);
  });

  it('cuts a huge page at 20,000 characters by default, and at max_chars when given', async () => {
    const markdown = text(await runTool(tool, { url: `${server.origin}/huge` }));
    const match =
      /\n\n\[… truncated: showing the first 20,000 of ([\d,]+) characters\. Call again with a larger max_chars/.exec(
        markdown,
      );
    assert.ok(match, markdown.slice(-300));
    assert.ok(Number(match[1]?.replaceAll(',', '')) > 100_000);
    const small = text(await runTool(tool, { url: `${server.origin}/huge`, max_chars: 50 }));
    assert.match(
      small,
      /^# The Test Article \| Example News\n\nParagraph 0 of \n\n\[… truncated: showing the first 50 of/,
    );
  });

  it('reads PDFs by content type and by magic bytes, with page markers', async () => {
    const expected = '— Page 1 —\nQuarterly report\n\n— Page 2 —\nRevenue grew';
    assert.equal(text(await runTool(tool, { url: `${server.origin}/report.pdf` })), expected);
    assert.equal(text(await runTool(tool, { url: `${server.origin}/download` })), expected);
  });

  it('passes plain text through and refuses images', async () => {
    assert.equal(
      text(await runTool(tool, { url: `${server.origin}/notes.txt` })),
      '# not a heading\n<b>kept as is</b>',
    );
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/photo.jpg` })),
      /^Error: .*photo\.jpg is image\/jpeg, which web_scrape cannot read/,
    );
  });

  it('says so when a page has no readable content', async () => {
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/spa` })),
      /^The page has no readable content/,
    );
  });

  it('turns 404s and timeouts into Error observations', async () => {
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/gone` })),
      /^Error: HTTP 404 Not Found from .*: <h1>Not Found<\/h1>$/,
    );
    const impatient = webScrapeTool({ http: { readTimeoutMs: 50 } });
    const outcome = await runTool(impatient, { url: `${server.origin}/slow` });
    assert.equal(outcome.kind, 'error');
    assert.match(text(outcome), /^Error: no data from 127\.0\.0\.1:\d+ for 0\.05 s \(read timeout\)$/);
  });

  it('serves a hit from the cache, downloads again after expiry, and bypasses with the null cache', async () => {
    let now = Date.now();
    const cache = new DiskUrlCache({ dir: join(cacheDir, 'web_scrape'), ttlMs: 60_000, now: () => now });
    const cached = webScrapeTool({ cache });
    const url = `${server.origin}/versioned`;
    const first = text(await runTool(cached, { url }));
    assert.match(first, /^# Version (\d+)/);
    assert.equal(text(await runTool(cached, { url })), first, 'hit');
    now += 120_000;
    const afterExpiry = text(await runTool(cached, { url }));
    assert.notEqual(afterExpiry, first, 'expired');
    assert.notEqual(text(await runTool(tool, { url })), afterExpiry, 'null cache bypasses');
  });
});
