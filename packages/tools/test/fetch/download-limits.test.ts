import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DiskUrlCache } from '../../src/cache/url-cache.ts';
import { fetchTool } from '../../src/fetch/fetch-tool.ts';
import { webScrapeTool } from '../../src/scrape/web-scrape-tool.ts';
import { type LocalServer, startLocalServer } from '../helpers/local-server.ts';
import { articlePage } from '../helpers/pages.ts';
import { runTool, text } from '../helpers/run-tool.ts';

// The body cap is injected (`http.maxBodyBytes`) so a few KB stand in for 20 MB.
const CAP = 4_000;
const http = { maxBodyBytes: CAP };

let server: LocalServer;
let cacheDir: string;
/** What the server saw of the endless download: chunks flushed, and when the client hung up. */
let endless: { chunksFlushed: number; closed: Promise<void> } | undefined;
/** Read through a function so TypeScript does not narrow it across the awaits below. */
const endlessDownload = () => endless;

/** Writes `chunks` chunks of 1,000 bytes, one per write, so the client reads a stream. */
async function stream(response: ServerResponse, chunks: number, chunk: string): Promise<void> {
  for (let i = 0; i < chunks && !response.destroyed; i += 1) {
    response.write(chunk.repeat(Math.ceil(1000 / chunk.length)).slice(0, 1000));
    await sleep(1);
  }
  response.end();
}

before(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'kodama-limits-'));
  server = await startLocalServer(async (request, response) => {
    const path = request.url ?? '/';
    if (path === '/big.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      await stream(response, 20, 'abcdefghij');
    } else if (path === '/big.html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      const page = articlePage({ paragraphs: 60 });
      response.end(page);
    } else if (path === '/endless') {
      // Writes slowly and never ends: only the client hanging up stops it.
      response.writeHead(200, { 'content-type': 'text/plain' });
      const state = {
        chunksFlushed: 0,
        closed: new Promise<void>((resolve) => response.once('close', () => resolve())),
      };
      endless = state;
      const timer = setInterval(() => {
        response.write('tick '.repeat(20), () => {
          state.chunksFlushed += 1;
        });
      }, 20);
      response.once('close', () => clearInterval(timer));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
});
after(async () => {
  await server.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('bodies over the download cap', () => {
  it('fetch says the body was cut instead of claiming the cap is its full length', async () => {
    const tool = fetchTool({ http });
    const short = text(await runTool(tool, { url: `${server.origin}/big.txt`, max_chars: 100 }));
    assert.ok(short.startsWith('abcdefghij'.repeat(10)));
    assert.match(
      short,
      /\[… truncated: showing the first 100 of 4,000 characters read from the part downloaded \(the body is over 4,000 bytes; only the first 4,000 bytes were downloaded\)\. Call again/,
    );
    const all = text(await runTool(tool, { url: `${server.origin}/big.txt`, max_chars: 10_000 }));
    assert.equal(
      all,
      `${'abcdefghij'.repeat(400)}\n\n[… truncated: the body is over 4,000 bytes; only the first 4,000 bytes were downloaded.]`,
    );
  });

  it('fetch does not cache a cut body, so the note is never lost', async () => {
    const dir = join(cacheDir, 'fetch');
    const tool = fetchTool({ http, cache: new DiskUrlCache({ dir }) });
    for (let call = 0; call < 2; call += 1) {
      const result = text(await runTool(tool, { url: `${server.origin}/big.txt`, max_chars: 10_000 }));
      assert.match(result, /only the first 4,000 bytes were downloaded\.\]$/);
    }
    assert.deepEqual(await readdir(dir).catch(() => []), []);
  });

  it('web_scrape says so for text and HTML pages', async () => {
    const tool = webScrapeTool({ http });
    assert.match(
      text(await runTool(tool, { url: `${server.origin}/big.txt`, max_chars: 100 })),
      /showing the first 100 of 4,000 characters read from the part downloaded \(the body is over 4,000 bytes/,
    );
    const html = text(await runTool(tool, { url: `${server.origin}/big.html` }));
    assert.match(
      html,
      /\[… truncated: the body is over 4,000 bytes; only the first 4,000 bytes were downloaded\.\]$/,
    );
  });
});

describe('cancelling a download', () => {
  it('stops fetch mid-body when the signal fires, and the server sees the connection close', async () => {
    endless = undefined;
    const controller = new AbortController();
    const pending = runTool(fetchTool(), { url: `${server.origin}/endless` }, controller.signal);
    // Wait (without a deadline) until the body is flowing, then cancel.
    while ((endlessDownload()?.chunksFlushed ?? 0) < 2) await sleep(5);
    controller.abort(new Error('user cancelled'));
    const outcome = await pending;
    assert.equal(outcome.kind, 'failure');
    assert.match(text(outcome), /user cancelled/);
    const download = endlessDownload();
    assert.ok(download);
    await download.closed;
  });
});
