import { constants } from 'node:fs';
import { open, readdir, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ensurePrivateDir } from '../session/jsonl/private-dir.ts';
import {
  type ArtifactMeta,
  type ArtifactStore,
  isArtifactRef,
  type StoredArtifact,
} from './artifact-store.ts';

/**
 * Artifacts as files in one private directory (0700, files 0600): a
 * session's `<ref>.data` and `<ref>.json` (its metadata). The directory is
 * made when the first artifact is stored. Only a well-formed ref becomes a
 * file name (no path is ever built from anything else), files are created
 * exclusively and opened without following symbolic links.
 */
export class FileArtifactStore implements ArtifactStore {
  /** The directory, as given. */
  readonly dir: string;
  #ready: Promise<void> | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  async put(meta: ArtifactMeta, data: Uint8Array): Promise<void> {
    if (!isArtifactRef(meta.ref)) throw new TypeError(`not an artifact reference: ${meta.ref}`);
    this.#ready ??= ensurePrivateDir(this.dir).catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    await this.#ready;
    try {
      await writeNew(this.#path(meta.ref, 'data'), data);
      await writeNew(this.#path(meta.ref, 'json'), Buffer.from(JSON.stringify(meta)));
    } catch (error) {
      await this.remove(meta.ref);
      throw error;
    }
  }

  async get(ref: string): Promise<StoredArtifact | undefined> {
    if (!isArtifactRef(ref)) return undefined;
    const metaBytes = await readPlain(this.#path(ref, 'json'));
    if (metaBytes === undefined) return undefined;
    const data = await readPlain(this.#path(ref, 'data'));
    if (data === undefined) return undefined;
    const meta = JSON.parse(metaBytes.toString('utf8')) as ArtifactMeta;
    // A metadata file copied in from elsewhere names another ref: not this one.
    if (meta.ref !== ref) return undefined;
    return { meta, data };
  }

  async remove(ref: string): Promise<boolean> {
    if (!isArtifactRef(ref)) return false;
    const removed = await Promise.all([
      unlinkIfThere(this.#path(ref, 'data')),
      unlinkIfThere(this.#path(ref, 'json')),
    ]);
    return removed.some(Boolean);
  }

  /** The refs it holds (none when the directory is missing). */
  async refs(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return [];
      throw error;
    }
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter(isArtifactRef)
      .sort();
  }

  /** Copies every artifact it holds into `target` (a forked session's), each through `put`. */
  async copyTo(target: ArtifactStore): Promise<void> {
    for (const ref of await this.refs()) {
      const stored = await this.get(ref);
      if (stored) await target.put(stored.meta, stored.data);
    }
  }

  /** Removes the directory and everything in it (the session was deleted). */
  async removeAll(): Promise<void> {
    this.#ready = undefined;
    await rm(this.dir, { recursive: true, force: true });
  }

  #path(ref: string, kind: 'data' | 'json'): string {
    return join(this.dir, `${ref}.${kind}`);
  }
}

async function writeNew(path: string, data: Uint8Array): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const file = await open(path, flags, 0o600);
  try {
    await file.writeFile(data);
  } finally {
    await file.close();
  }
}

async function readPlain(path: string): Promise<Buffer | undefined> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ELOOP') return undefined;
    throw error;
  }
  try {
    return await file.readFile();
  } finally {
    await file.close();
  }
}

async function unlinkIfThere(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return false;
    throw error;
  }
}
