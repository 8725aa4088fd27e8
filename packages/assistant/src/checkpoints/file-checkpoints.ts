import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Largest file kept in a checkpoint (bytes); a larger one is listed as not restorable. */
export const CHECKPOINT_MAX_FILE_BYTES = 20 * 1024 * 1024;

/** What a file was before a turn first changed it. */
export type FileBefore =
  | { readonly kind: 'absent' }
  | { readonly kind: 'file'; readonly blob: string; readonly mode: number }
  | { readonly kind: 'unrestorable'; readonly reason: string };

/** One file a turn changed, as it was before. */
export interface CheckpointFile {
  /** Absolute, symlinks resolved (as the workspace resolved it for the write). */
  readonly path: string;
  readonly before: FileBefore;
}

/** The files one turn changed, with what identifies the turn in the conversation. */
export interface TurnCheckpoint {
  /** Order of the turns in the session (1, 2, …). */
  readonly seq: number;
  /** The prompt as typed. */
  readonly prompt: string;
  /** Messages in the conversation before the turn (its user message is the next one). */
  readonly messagesBefore: number;
  /** The turn's user message, once the turn ended. */
  readonly userMessageId: string | undefined;
  readonly files: readonly CheckpointFile[];
}

interface Manifest {
  readonly version: 1;
  seq: number;
  prompt: string;
  messagesBefore: number;
  userMessageId?: string;
  files: CheckpointFile[];
}

/**
 * Per-turn checkpoints of the files the agent writes and edits, kept outside
 * the project (and outside git) under `dir/<session id>/`: before a turn
 * first changes a file, its bytes (or its absence) are saved, so `/undo` and
 * `/rewind` can put them back. Contents are stored once by hash; each turn's
 * list is a small JSON file written before the change happens, so a crash
 * mid-turn loses nothing.
 */
export class FileCheckpoints {
  readonly #dir: string;
  #session: string | undefined;
  #turns: Manifest[] = [];
  #current: Manifest | undefined;
  #writes: Promise<unknown> = Promise.resolve();

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** The checkpoints of the open session, oldest first. */
  get turns(): readonly TurnCheckpoint[] {
    return this.#turns.map(view);
  }

  /** Opens (or starts) a session's checkpoints, reading what earlier runs left. */
  async open(sessionId: string): Promise<void> {
    await this.#writes;
    this.#session = sessionId;
    this.#current = undefined;
    this.#turns = [];
    const names = await readdir(this.#sessionDir()).catch(() => [] as string[]);
    for (const name of names.filter((n) => /^\d+\.json$/.test(n)).sort()) {
      try {
        const manifest = JSON.parse(await readFile(join(this.#sessionDir(), name), 'utf8')) as Manifest;
        if (manifest.version === 1 && Array.isArray(manifest.files)) this.#turns.push(manifest);
      } catch {
        // A manifest cut by a crash while it was renamed in cannot exist (rename is atomic); anything else unreadable is skipped.
      }
    }
    this.#turns.sort((a, b) => a.seq - b.seq);
  }

  /** Copies the open session's checkpoints to another session id (a fork), then opens that one. */
  async fork(newSessionId: string): Promise<void> {
    const from = this.#sessionDir();
    const turns = this.#turns;
    await this.open(newSessionId);
    for (const manifest of turns) {
      for (const f of manifest.files) {
        if (f.before.kind !== 'file') continue;
        await this.#putBlob(f.before.blob, await readFile(join(from, 'blobs', f.before.blob)));
      }
      await this.#writeManifest(manifest);
    }
    this.#turns = [...turns];
  }

  /** A turn starts: what it changes from now on is checkpointed under it. */
  begin(prompt: string, messagesBefore: number): void {
    const seq = (this.#turns.at(-1)?.seq ?? 0) + 1;
    this.#current = { version: 1, seq, prompt, messagesBefore, files: [] };
  }

  /**
   * Saves `path` as it is now, once per turn, before the agent changes it
   * (called by the write and edit tools' wrapper). Outside a turn: nothing.
   */
  record(path: string): Promise<void> {
    const turn = this.#current;
    if (!turn || turn.files.some((f) => f.path === path)) return Promise.resolve();
    const work = this.#writes.then(async () => {
      if (turn.files.some((f) => f.path === path)) return;
      turn.files.push({ path, before: await this.#snapshot(path) });
      if (!this.#turns.includes(turn)) this.#turns.push(turn);
      await this.#writeManifest(turn);
    });
    this.#writes = work.catch(() => undefined);
    return work;
  }

  /** The turn ended: remembers its user message (for `/rewind`); a turn that changed nothing leaves no trace. */
  async end(userMessageId: string | undefined): Promise<void> {
    const turn = this.#current;
    this.#current = undefined;
    await this.#writes;
    if (!turn || turn.files.length === 0) return;
    if (userMessageId) turn.userMessageId = userMessageId;
    await this.#writeManifest(turn);
  }

  /** The saved bytes of a file's earlier state. */
  async contents(before: FileBefore): Promise<Buffer | undefined> {
    if (before.kind !== 'file') return undefined;
    return readFile(join(this.#sessionDir(), 'blobs', before.blob));
  }

  /** Forgets turns (after they were undone or rewound). */
  async drop(seqs: readonly number[]): Promise<void> {
    await this.#writes;
    const gone = new Set(seqs);
    this.#turns = this.#turns.filter((t) => !gone.has(t.seq));
    for (const seq of seqs) await rm(join(this.#sessionDir(), manifestName(seq)), { force: true });
  }

  async #snapshot(path: string): Promise<FileBefore> {
    const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!info) return { kind: 'absent' };
    if (!info.isFile()) return { kind: 'unrestorable', reason: 'not a regular file' };
    if (info.size > CHECKPOINT_MAX_FILE_BYTES)
      return { kind: 'unrestorable', reason: `larger than ${CHECKPOINT_MAX_FILE_BYTES / 1024 / 1024} MiB` };
    const bytes = await readFile(path);
    const blob = createHash('sha256').update(bytes).digest('hex');
    await this.#putBlob(blob, bytes);
    return { kind: 'file', blob, mode: info.mode & 0o7777 };
  }

  async #putBlob(blob: string, bytes: Buffer): Promise<void> {
    const dir = join(this.#sessionDir(), 'blobs');
    const path = join(dir, blob);
    if (await lstat(path).catch(() => undefined)) return;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await atomicWrite(path, bytes);
  }

  async #writeManifest(manifest: Manifest): Promise<void> {
    await mkdir(this.#sessionDir(), { recursive: true, mode: 0o700 });
    await atomicWrite(join(this.#sessionDir(), manifestName(manifest.seq)), JSON.stringify(manifest));
  }

  #sessionDir(): string {
    if (this.#session === undefined) throw new Error('internal: no checkpoint session is open');
    return join(this.#dir, this.#session);
  }
}

function manifestName(seq: number): string {
  return `${String(seq).padStart(6, '0')}.json`;
}

function view(m: Manifest): TurnCheckpoint {
  return {
    seq: m.seq,
    prompt: m.prompt,
    messagesBefore: m.messagesBefore,
    userMessageId: m.userMessageId,
    files: [...m.files],
  };
}

/** Writes through a temporary file and a rename: readers see the old bytes or the new ones. */
export async function atomicWrite(path: string, data: string | Buffer, mode = 0o600): Promise<void> {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, data, { mode });
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
