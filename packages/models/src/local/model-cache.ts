import { readdir, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { ModelEnv } from '../resolve/provider-env.ts';

/** A Hugging Face file named by an `hf:<user>/<repo>/<file>` URI. */
export interface HfFile {
  /** The URI as written, `hf:<user>/<repo>/<file>.gguf`. */
  readonly uri: string;
  /** `<user>/<repo>`. */
  readonly repo: string;
  /** The path inside the repository (may hold folders). */
  readonly file: string;
  /** Where the cache keeps it. */
  readonly path: string;
  /** Where it is downloaded from (`HF_ENDPOINT` replaces https://huggingface.co). */
  readonly url: string;
}

/** A model file in the cache. */
export interface CachedModel {
  /** `hf:<user>/<repo>/<file>`: usable as `local:<uri>`. */
  readonly uri: string;
  readonly path: string;
  readonly bytes: number;
}

/** The models folder: `cacheDir`, else `$XDG_CACHE_HOME/kodama/models`, else `~/.cache/kodama/models`. */
export function modelsCacheDir(env: ModelEnv = process.env, cacheDir?: string): string {
  if (cacheDir) return cacheDir;
  const xdg = env.XDG_CACHE_HOME?.trim();
  return join(xdg || join(homedir(), '.cache'), 'kodama', 'models');
}

/** Where `uri` lives in the cache and on the hub. */
export function hfFile(uri: string, cacheDir: string, env: ModelEnv = process.env): HfFile {
  const [user, name, ...rest] = uri.slice('hf:'.length).split('/');
  const repo = `${user}/${name}`;
  const file = rest.join('/');
  const endpoint = (env.HF_ENDPOINT?.trim() || 'https://huggingface.co').replace(/\/+$/, '');
  const encoded = file.split('/').map(encodeURIComponent).join('/');
  return {
    uri,
    repo,
    file,
    path: join(cacheDir, user!, name!, ...rest),
    url: `${endpoint}/${repo}/resolve/main/${encoded}`,
  };
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

/** The complete `.gguf` files in the cache (partial downloads are left out), sorted by URI. */
export async function listCachedModels(cacheDir: string): Promise<CachedModel[]> {
  const files = (await walk(cacheDir)).filter((f) => f.toLowerCase().endsWith('.gguf'));
  const models = await Promise.all(
    files.map(async (path) => ({
      uri: `hf:${relative(cacheDir, path).split(sep).join('/')}`,
      path,
      bytes: (await stat(path)).size,
    })),
  );
  return models.sort((a, b) => a.uri.localeCompare(b.uri));
}

/**
 * Deletes the cached model `name` (its `hf:` URI, `<user>/<repo>/<file>`, or
 * a file name that matches one model) and any partial download of it. Returns
 * what was removed; `undefined` when nothing matched. Throws when the name
 * matches several models.
 */
export async function removeCachedModel(cacheDir: string, name: string): Promise<CachedModel | undefined> {
  const wanted = name.replace(/^local:/, '').replace(/^hf:/, '');
  const models = await listCachedModels(cacheDir);
  const exact = models.filter((m) => m.uri === `hf:${wanted}`);
  const matches = exact.length > 0 ? exact : models.filter((m) => m.uri.split('/').at(-1) === wanted);
  if (matches.length > 1) {
    throw new Error(
      `"${name}" matches ${matches.length} models: ${matches.map((m) => m.uri).join(', ')}; name one by its hf: URI`,
    );
  }
  const found = matches[0];
  if (!found) return undefined;
  await rm(found.path, { force: true });
  await rm(`${found.path}.part`, { force: true });
  return found;
}
