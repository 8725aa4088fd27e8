import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, link, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SessionStoreError } from '../errors.ts';
import { COMMIT_PREFIX } from './session-file-format.ts';

// O_NOFOLLOW: a session file planted as a symbolic link is refused, never followed.
const READ = constants.O_RDONLY | constants.O_NOFOLLOW;
const APPEND = constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW;
const NEWLINE = 0x0a;
const TAIL_BYTES = 4096;

/** The file's bytes, or `undefined` when it does not exist. */
export async function readSessionBytes(path: string): Promise<Buffer | undefined> {
  const handle = await openFile(path, READ);
  if (handle === undefined) return undefined;
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Creates `path` holding `text` only if it does not exist yet, atomically: a
 * private temp file (0600) is written and fsynced, then hard-linked to `path`,
 * which fails rather than overwrite. A reader therefore never sees a file
 * without its header, even when two writers create the session at once.
 * Resolves `false` when the file already exists.
 */
export async function createSessionFile(path: string, text: string): Promise<boolean> {
  const temp = await writeTemp(path, text);
  try {
    await link(temp, path);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw ioError(path, 'cannot create the session file', error);
  } finally {
    await rm(temp, { force: true });
  }
  await syncDir(dirname(path));
  return true;
}

/** Replaces (or creates) `path` with `text` atomically: temp file, fsync, rename, directory fsync. */
export async function rewriteSessionFile(path: string, text: string): Promise<void> {
  const temp = await writeTemp(path, text);
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw ioError(path, 'cannot replace the session file', error);
  }
  await syncDir(dirname(path));
}

/** What {@link appendSessionFile} asks of the file format. */
export interface AppendChecks {
  /** Throws unless `head`, the file's first bytes, starts with the right session's header. */
  readonly header: (head: Buffer) => void;
  /** Where the committed part of `file` ends. */
  readonly committedBytes: (file: Buffer) => number;
}

/** A header line is well under this (the id is at most 128 characters). */
const HEAD_BYTES = 1024;

/**
 * Appends `text` to `path` with one write on an `O_APPEND` descriptor, so
 * writers (other store instances, other processes) never interleave inside
 * it, then fsyncs. The header is checked first (never append to another
 * session's or a foreign file). When the file does not end with a commit (a
 * crash cut a write short), the uncommitted tail is cut first, at
 * `committedBytes(file)`, so the file stays well-formed. Resolves `false`
 * when the file does not exist.
 */
export async function appendSessionFile(path: string, text: string, checks: AppendChecks): Promise<boolean> {
  const handle = await openFile(path, APPEND);
  if (handle === undefined) return false;
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    checks.header(head.subarray(0, bytesRead));
    await cutUncommittedTail(handle, checks.committedBytes);
    const data = Buffer.from(text);
    const { bytesWritten } = await handle.write(data);
    if (bytesWritten !== data.length) {
      throw new SessionStoreError(path, `only ${bytesWritten} of ${data.length} bytes could be appended`);
    }
    await handle.datasync();
    return true;
  } catch (error) {
    throw SessionStoreError.isInstance(error)
      ? error
      : ioError(path, 'cannot append to the session file', error);
  } finally {
    await handle.close();
  }
}

async function cutUncommittedTail(
  handle: FileHandle,
  committedBytes: (file: Buffer) => number,
): Promise<void> {
  const { size } = await handle.stat();
  const length = Math.min(size, TAIL_BYTES);
  const tail = Buffer.alloc(length);
  await handle.read(tail, 0, length, size - length);
  if (endsCommitted(tail, length === size)) return;
  // Nothing has moved the file position yet (the read above gave its own), so this reads from the start.
  await handle.truncate(committedBytes(await handle.readFile()));
}

/**
 * True when the last line is complete and is a commit, or is the header of a
 * file that has nothing else. Anything else (a torn line, a batch without its
 * commit, a last line longer than the tail read) goes the slow way.
 */
function endsCommitted(tail: Buffer, wholeFile: boolean): boolean {
  if (tail.length === 0 || tail[tail.length - 1] !== NEWLINE) return false;
  const previous = tail.lastIndexOf(NEWLINE, tail.length - 2);
  if (previous < 0) return wholeFile;
  return tail.toString('utf8', previous + 1, previous + 1 + COMMIT_PREFIX.length) === COMMIT_PREFIX;
}

async function writeTemp(path: string, text: string): Promise<string> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(temp, { force: true });
    throw ioError(path, 'cannot write the session file', error);
  }
  return temp;
}

/** Makes a new or renamed directory entry durable; best effort, as some file systems refuse to fsync a directory. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  await handle
    ?.sync()
    .catch(() => undefined)
    .finally(() => handle.close());
}

async function openFile(path: string, flags: number): Promise<FileHandle | undefined> {
  try {
    return await open(path, flags);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    if (errorCode(error) === 'ELOOP')
      throw new SessionStoreError(path, 'the session file is a symbolic link');
    throw ioError(path, 'cannot open the session file', error);
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

function ioError(path: string, what: string, error: unknown): SessionStoreError {
  return new SessionStoreError(path, `${what} (${errorCode(error) ?? String(error)})`, { cause: error });
}
