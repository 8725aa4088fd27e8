import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DiskUrlCache, defaultUrlCacheRoot, NULL_URL_CACHE, urlCacheFor } from '../../src/cache/url-cache.ts';

let root: string;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'kodama-url-cache-'));
});
after(() => rm(root, { recursive: true, force: true }));

describe('DiskUrlCache', () => {
  it('returns what was stored, from a sha256-named file', async () => {
    const cache = new DiskUrlCache({ dir: join(root, 'a') });
    assert.equal(await cache.get('https://example.com/'), undefined);
    await cache.set('https://example.com/', 'body text');
    assert.equal(await cache.get('https://example.com/'), 'body text');
    assert.equal(await cache.get('https://example.com/other'), undefined);
    const files = await readdir(join(root, 'a'));
    assert.deepEqual(files, ['0f115db062b7c0dd030b16878c99dea5c354b49dc37b38eb8846179c7783e9d7.txt']);
  });

  it('expires entries older than the TTL by mtime', async () => {
    let now = Date.now();
    const cache = new DiskUrlCache({ dir: join(root, 'b'), ttlMs: 1000, now: () => now });
    await cache.set('k', 'v');
    assert.equal(await cache.get('k'), 'v');
    now += 5000;
    assert.equal(await cache.get('k'), undefined);
  });

  it('overwrites atomically and leaves no temp files', async () => {
    const cache = new DiskUrlCache({ dir: join(root, 'c') });
    await Promise.all(Array.from({ length: 20 }, (_, i) => cache.set('same', `value ${i}`)));
    assert.match((await cache.get('same')) ?? '', /^value \d+$/);
    assert.equal((await readdir(join(root, 'c'))).length, 1);
  });

  it('keeps separate directories per tool', async () => {
    const fetchCache = urlCacheFor('fetch', { root });
    const scrapeCache = urlCacheFor('web_scrape', { root });
    await fetchCache.set('https://x/', 'raw');
    assert.equal(await scrapeCache.get('https://x/'), undefined);
    assert.equal(fetchCache.dir, join(root, 'fetch'));
  });

  it('NULL_URL_CACHE stores nothing', async () => {
    await NULL_URL_CACHE.set('k', 'v');
    assert.equal(await NULL_URL_CACHE.get('k'), undefined);
  });

  it('puts the default root under XDG_CACHE_HOME, else ~/.cache', () => {
    assert.equal(defaultUrlCacheRoot({ XDG_CACHE_HOME: '/xdg' }), '/xdg/kodama/url_cache');
    assert.match(defaultUrlCacheRoot({ XDG_CACHE_HOME: '' }), /\/\.cache\/kodama\/url_cache$/);
  });
});
