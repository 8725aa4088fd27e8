import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What the cache keeps of a surface that passed. */
export interface ScreenRecord {
  /** Always `ok`: rejections are never cached. */
  readonly verdict: 'ok';
  /** Whether the LLM pass ran (a pass with `--no-mcp-screen` does not spare a later LLM check). */
  readonly llmChecked: boolean;
  /** The one-line description written by the model, when the handshake had none. */
  readonly description?: string;
}

/** The default cache folder: `$XDG_CACHE_HOME/kodama/mcp`, else `~/.cache/kodama/mcp`. */
export function defaultScreenCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'kodama', 'mcp');
}

/**
 * Screening passes on disk, one small JSON file per surface hash, plus the
 * last description seen per server entry (so `<available_mcps>` can describe
 * a server before it is connected). Unreadable or foreign files count as
 * misses; writes go through a temporary file and a rename.
 */
export class ScreenCache {
  /** The folder the files live in. */
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** The record of `hash`, or `undefined`. */
  async get(hash: string): Promise<ScreenRecord | undefined> {
    const value = await this.#read(`pass-${hash}.json`);
    return (value as ScreenRecord | undefined)?.verdict === 'ok' ? (value as ScreenRecord) : undefined;
  }

  /** Records a pass for `hash`. */
  async put(hash: string, record: ScreenRecord): Promise<void> {
    await this.#write(`pass-${hash}.json`, record);
  }

  /** The last description recorded for the server entry `entryKey` (read synchronously: a prompt is assembled synchronously). */
  lastDescription(entryKey: string): string | undefined {
    try {
      const value = JSON.parse(readFileSync(join(this.dir, `entry-${entryKey}.json`), 'utf8')) as {
        description?: unknown;
      };
      return typeof value?.description === 'string' ? value.description : undefined;
    } catch {
      return undefined;
    }
  }

  /** Records the description of the server entry `entryKey`. */
  async setLastDescription(entryKey: string, description: string): Promise<void> {
    await this.#write(`entry-${entryKey}.json`, { description });
  }

  async #read(name: string): Promise<unknown> {
    try {
      return JSON.parse(await readFile(join(this.dir, name), 'utf8'));
    } catch {
      return undefined;
    }
  }

  async #write(name: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const path = join(this.dir, name);
    const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, `${JSON.stringify(value)}\n`);
    await rename(temp, path);
  }
}
