import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** kodama's configuration file, `$XDG_CONFIG_HOME/kodama/config.json` (else `~/.config/kodama/config.json`). */
export interface KodamaConfig {
  /** Keys for the web_search engines; DuckDuckGo needs none. */
  readonly webSearch?: { readonly braveApiKey?: string; readonly exaApiKey?: string };
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
  const webSearch = (value as { webSearch?: unknown }).webSearch;
  if (webSearch !== undefined && (typeof webSearch !== 'object' || webSearch === null)) {
    throw new Error(`${path}: "webSearch" must be an object like {"braveApiKey": "...", "exaApiKey": "..."}`);
  }
  return value as KodamaConfig;
}
