// The answers a person gave about a folder's project configuration, kept in
// the user's data directory (`<data>/kodama/trust.json`, `<data>` being
// `$XDG_DATA_HOME`, else `~/.local/share`), one per folder by its real path,
// each holding the digest of the files it answered about.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** One remembered answer. */
export interface TrustRecord {
  /** The digest of the project's control files when the answer was given. */
  readonly digest: string;
  /** Yes (use the whole configuration) or no (only what narrows). */
  readonly trusted: boolean;
  /** When (ISO 8601). */
  readonly at: string;
}

/** Where the answers live for this environment. */
export function trustFile(env: NodeJS.ProcessEnv): string {
  const data = env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
  return join(data, 'kodama', 'trust.json');
}

/**
 * Every remembered answer by folder. A missing file is none; a file that is
 * not kodama's (bad JSON, wrong shape) is none as well: nothing is trusted
 * because of it, and the next answer writes a good one.
 */
export async function readTrust(env: NodeJS.ProcessEnv): Promise<Record<string, TrustRecord>> {
  const text = await readFile(trustFile(env), 'utf8').catch(() => undefined);
  if (text === undefined) return {};
  try {
    const value = JSON.parse(text) as { folders?: unknown };
    const folders = value?.folders;
    if (typeof folders !== 'object' || folders === null || Array.isArray(folders)) return {};
    const out: Record<string, TrustRecord> = Object.create(null);
    for (const [folder, r] of Object.entries(folders as Record<string, unknown>)) {
      const rec = r as Partial<TrustRecord> | null;
      if (typeof rec?.digest === 'string' && typeof rec.trusted === 'boolean')
        out[folder] = { digest: rec.digest, trusted: rec.trusted, at: String(rec.at ?? '') };
    }
    return out;
  } catch {
    return {};
  }
}

/** The remembered answer for `realRoot` while its files still have `digest`; undefined when none or they changed. */
export async function trustFor(
  env: NodeJS.ProcessEnv,
  realRoot: string,
  digest: string,
): Promise<boolean | undefined> {
  const record = (await readTrust(env))[realRoot];
  return record !== undefined && record.digest === digest ? record.trusted : undefined;
}

/** Remembers an answer for `realRoot` (`undefined` forgets it), written whole through a temporary file. */
export async function rememberTrust(
  env: NodeJS.ProcessEnv,
  realRoot: string,
  record: TrustRecord | undefined,
): Promise<void> {
  const folders = { ...(await readTrust(env)) };
  if (record === undefined) delete folders[realRoot];
  else folders[realRoot] = record;
  const path = trustFile(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ version: 1, folders }, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}
