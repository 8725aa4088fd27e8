import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** kodama's configuration file, `$XDG_CONFIG_HOME/kodama/config.json` (else `~/.config/kodama/config.json`). */
export interface KodamaConfig {
  /** Keys for the web_search engines; DuckDuckGo needs none. */
  readonly webSearch?: { readonly braveApiKey?: string; readonly exaApiKey?: string };
  /** Root of the URL cache of fetch, web_scrape and web_search; `null` turns it off. Default `$XDG_CACHE_HOME/kodama/url_cache`. */
  readonly cacheDir?: string | null;
}

/** Where the configuration file lives for this environment. */
export function configPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'kodama', 'config.json');
}

/** Reads the configuration file; a missing file is an empty configuration, a malformed one an error naming the file. */
export async function loadConfig(env: NodeJS.ProcessEnv): Promise<KodamaConfig> {
  const path = configPath(env);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${path} must hold a JSON object`);
  }
  const { webSearch, cacheDir } = value as { webSearch?: unknown; cacheDir?: unknown };
  if (webSearch !== undefined) {
    if (typeof webSearch !== 'object' || webSearch === null || Array.isArray(webSearch)) {
      throw new Error(
        `${path}: "webSearch" must be an object like {"braveApiKey": "...", "exaApiKey": "..."}`,
      );
    }
    for (const key of ['braveApiKey', 'exaApiKey']) {
      const v = (webSearch as Record<string, unknown>)[key];
      if (v !== undefined && typeof v !== 'string')
        throw new Error(`${path}: "webSearch.${key}" must be a string`);
    }
  }
  if (cacheDir !== undefined && cacheDir !== null && typeof cacheDir !== 'string') {
    throw new Error(`${path}: "cacheDir" must be a directory path, or null to turn the URL cache off`);
  }
  return value as KodamaConfig;
}
