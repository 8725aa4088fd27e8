import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Default freshness of a cached answer: 2 hours, as in pikuri. */
export const DEFAULT_CACHE_TTL_MS = 2 * 60 * 60 * 1000;

/**
 * A small text cache keyed by request string (a URL, a search query). The web
 * tools store what they extracted, before truncation, so a second call with a
 * larger `max_chars` is answered without a download.
 */
export interface UrlCache {
  /** The fresh cached text for `key`, or undefined. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` for `key`; failures to write are ignored (a cache is optional). */
  set(key: string, value: string): Promise<void>;
}

/** A cache that never stores anything: for tests, and for privacy. */
export const NULL_URL_CACHE: UrlCache = Object.freeze({
  get: async () => undefined,
  set: async () => {},
});

/**
 * `$XDG_CACHE_HOME/kodama/url_cache` when that variable is set and non-empty,
 * else `~/.cache/kodama/url_cache`. Read on each call, so a changed
 * environment is picked up.
 */
export function defaultUrlCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && xdg !== '' ? xdg : join(homedir(), '.cache'), 'kodama', 'url_cache');
}

/** Options of {@link DiskUrlCache}. */
export interface DiskUrlCacheOptions {
  /** Directory of this cache (one per tool); created lazily. */
  readonly dir: string;
  /** Default {@link DEFAULT_CACHE_TTL_MS}. */
  readonly ttlMs?: number;
  /** Clock in epoch ms, injectable for expiry tests. */
  readonly now?: () => number;
}

/**
 * A {@link UrlCache} on disk: one `<sha256 of key>.txt` file per entry,
 * fresh while its mtime is within the TTL, written atomically (temp file +
 * rename) so concurrent processes never read half a file. Two processes
 * missing at once both download; the later write wins, which is harmless.
 */
export class DiskUrlCache implements UrlCache {
  readonly dir: string;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: DiskUrlCacheOptions) {
    this.dir = options.dir;
    this.ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** The file that holds `key`'s entry. */
  pathFor(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex')}.txt`);
  }

  async get(key: string): Promise<string | undefined> {
    const path = this.pathFor(key);
    try {
      const info = await stat(path);
      if (this.now() - info.mtimeMs > this.ttlMs) return undefined;
      return await readFile(path, 'utf8');
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: string): Promise<void> {
    const path = this.pathFor(key);
    const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(temp, value, 'utf8');
      await rename(temp, path);
    } catch {
      await unlink(temp).catch(() => {});
    }
  }
}

/** The tools that keep a cache, each in its own directory. */
export type CachedToolName = 'fetch' | 'web_scrape' | 'web_search';

/** A {@link DiskUrlCache} for one tool under `root` (default {@link defaultUrlCacheRoot}). */
export function urlCacheFor(
  tool: CachedToolName,
  options: { root?: string; ttlMs?: number } = {},
): DiskUrlCache {
  return new DiskUrlCache({ dir: join(options.root ?? defaultUrlCacheRoot(), tool), ttlMs: options.ttlMs });
}
