import { readdir, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { FileArtifactStore } from '../../artifacts/file-artifact-store.ts';
import { InvalidOptionError } from '../../errors/invalid-option-error.ts';
import type { HistoryMessage } from '../../history/history-message.ts';
import { type Clock, SYSTEM_CLOCK } from '../../ids/clock.ts';
import { byActivity } from '../by-activity.ts';
import { SessionExistsError, SessionNotFoundError, SessionStoreError } from '../errors.ts';
import { KeyedLock } from '../keyed-lock.ts';
import { readRunRecord } from '../run-record.ts';
import { checkSessionId, SESSION_ID_PATTERN } from '../session-id.ts';
import { checkSessionMeta } from '../session-meta.ts';
import type { RunRecord, SessionInfo, SessionMeta, SessionStore, StoredSession } from '../session-store.ts';
import { sessionTitle } from '../session-title.ts';
import { encodeStoredMessages } from '../stored-messages.ts';
import { defaultSessionDir, type SessionDirEnv } from './default-session-dir.ts';
import {
  readSessionFile,
  readSessionHeader,
  readSessionSummary,
  type SessionFileContent,
} from './parse-session-file.ts';
import { ensurePrivateDir } from './private-dir.ts';
import { batchText, headerLine, runLine } from './session-file-format.ts';
import {
  appendSessionFile,
  createSessionFile,
  readSessionBytes,
  rewriteSessionFile,
} from './session-file-io.ts';
import { StoredMessageIds } from './stored-message-ids.ts';

/** Options of {@link JsonlSessionStore}. */
export interface JsonlSessionStoreOptions {
  /** The session directory (default: {@link defaultSessionDir} of `env`). */
  readonly dir?: string;
  /** The environment the default directory is read from (default: `process.env`); for tests. */
  readonly env?: SessionDirEnv;
  /** Where `createdAt` / `updatedAt` come from (default: the system clock). */
  readonly clock?: Clock;
  /**
   * Told about each file {@link JsonlSessionStore.list} passes over because it
   * cannot be read as a session (empty, cut off in its header, corrupt JSON in
   * a commit, another session's file copied under a new name, unreadable),
   * once per file per store: the error names the file, the line and the
   * problem. The file is left as it is. Default: nobody is told.
   */
  readonly onUnreadable?: (error: SessionStoreError) => void;
}

const EXTENSION = '.jsonl';

/**
 * The embedded default {@link SessionStore}: one append-only JSONL file per
 * session, `<dir>/<id>.jsonl`, in a private directory (0700, files 0600).
 * Every append is one write of its message lines plus a commit line, fsynced
 * before it resolves; a write a crash cut short is dropped on load and cut
 * off by the next append. An append refuses (`SessionStoreError`) a message
 * whose id the session already holds, which would make it unloadable. The
 * file format is described in `session-file-format.ts` and docs/sessions.md.
 *
 * Across instances and processes: appends are single `O_APPEND` writes, so
 * writers never interleave inside each other's lines, and readers never see
 * an uncommitted write. What is not coordinated across processes is the
 * order of two writers' appends to one session, a `replace` racing an append
 * (the append may be lost), and the repair of a crashed tail; keep one writer
 * per session (a Run is one).
 *
 * One bad file fails only its own session: `load` and `append` of it reject
 * with `SessionStoreError`, while `list` passes over it (telling
 * `onUnreadable`) and lists the rest. Nothing is ever deleted to get past it.
 */
export class JsonlSessionStore implements SessionStore {
  /** The session directory, absolute. */
  readonly dir: string;
  readonly #clock: Clock;
  readonly #lock = new KeyedLock();
  readonly #storedIds = new StoredMessageIds();
  readonly #onUnreadable: ((error: SessionStoreError) => void) | undefined;
  /** Files already reported to `onUnreadable`. */
  readonly #reported = new Set<string>();
  #ready: Promise<void> | undefined;
  #closed = false;

  constructor(options: JsonlSessionStoreOptions = {}) {
    if (options.dir !== undefined && (typeof options.dir !== 'string' || options.dir === '')) {
      throw new InvalidOptionError('JsonlSessionStoreOptions.dir', 'a non-empty path', options.dir);
    }
    this.dir = resolve(options.dir ?? defaultSessionDir(options.env));
    this.#clock = options.clock ?? SYSTEM_CLOCK;
    if (options.onUnreadable !== undefined && typeof options.onUnreadable !== 'function') {
      throw new InvalidOptionError(
        'JsonlSessionStoreOptions.onUnreadable',
        'a function',
        options.onUnreadable,
      );
    }
    this.#onUnreadable = options.onUnreadable;
  }

  /** The file that holds session `id`. */
  pathOf(id: string): string {
    return join(this.dir, `${checkSessionId(id)}${EXTENSION}`);
  }

  async load(id: string): Promise<StoredSession | undefined> {
    const path = this.pathOf(id);
    return this.#locked([id], async () => {
      const file = await this.#read(id, path);
      return file === undefined ? undefined : { info: infoOf(id, file), messages: file.messages };
    });
  }

  async append(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    const path = this.pathOf(id);
    const { title, model } = checkSessionMeta(meta);
    const lines = encodeStoredMessages(messages);
    return this.#locked([id], async () => {
      await this.#storedIds.refuseRepeats(id, path, messages);
      const now = this.#clock.now();
      const batch = batchText(lines, { at: now, messages: lines.length, title, model });
      if (
        !(await this.#appendTo(id, path, batch)) &&
        !(await createSessionFile(path, headerLine(id, now) + batch)) &&
        // Another writer created the file between our two tries: append to it.
        !(await this.#appendTo(id, path, batch))
      )
        throw new SessionStoreError(path, 'the file vanished while appending');
      await this.#storedIds.appended(id, path, messages);
    });
  }

  async replace(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void> {
    const path = this.pathOf(id);
    const given = checkSessionMeta(meta);
    const lines = encodeStoredMessages(messages);
    return this.#locked([id], async () => {
      const now = this.#clock.now();
      const old = await this.#read(id, path);
      // The title is pinned in the commit: it must not change because the first user message was compacted away.
      const title = given.title ?? old?.title ?? sessionTitle(messages);
      const model = given.model ?? old?.model;
      const runs = (old?.runs ?? []).map(runLine);
      const text =
        headerLine(id, old?.createdAt ?? now) +
        batchText([...runs, ...lines], { at: now, messages: lines.length, title, model });
      this.#storedIds.forget(id);
      await rewriteSessionFile(path, text);
    });
  }

  async recordRun(record: RunRecord): Promise<void> {
    const checked = readRunRecord(record, (field, expected, value) => {
      throw new InvalidOptionError(field, expected, value);
    });
    const id = checked.sessionId;
    const path = this.pathOf(id);
    return this.#locked([id], async () => {
      const batch = batchText([runLine(checked)], { at: this.#clock.now(), messages: 0 });
      if (!(await this.#appendTo(id, path, batch))) throw new SessionNotFoundError(id);
    });
  }

  async listRuns(id: string): Promise<RunRecord[]> {
    const path = this.pathOf(id);
    return this.#locked([id], async () => (await this.#read(id, path))?.runs ?? []);
  }

  async list(): Promise<SessionInfo[]> {
    this.#checkOpen();
    await this.#prepare();
    const ids = (await readdir(this.dir))
      .filter((name) => name.endsWith(EXTENSION))
      .map((name) => name.slice(0, -EXTENSION.length))
      .filter((id) => SESSION_ID_PATTERN.test(id));
    const infos = await Promise.all(
      ids.map((id) =>
        this.#lock.run(id, async () => {
          const path = this.pathOf(id);
          try {
            const bytes = await readSessionBytes(path);
            return bytes === undefined ? undefined : infoOf(id, readSessionSummary(bytes, id, path));
          } catch (error) {
            this.#unreadable(path, error);
            return undefined;
          }
        }),
      ),
    );
    return infos.filter((info) => info !== undefined).sort(byActivity);
  }

  /** A file `list` passes over: reported once, kept. */
  #unreadable(path: string, error: unknown): void {
    const problem = SessionStoreError.isInstance(error)
      ? error
      : new SessionStoreError(path, `cannot read the file (${String(error)})`, { cause: error });
    if (this.#reported.has(path)) return;
    this.#reported.add(path);
    this.#onUnreadable?.(problem);
  }

  async delete(id: string): Promise<boolean> {
    const path = this.pathOf(id);
    return this.#locked([id], async () => {
      this.#storedIds.forget(id);
      // The artifacts first: a session file without them is whole, artifacts without a session are litter.
      await this.artifacts(id).removeAll();
      try {
        await unlink(path);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return false;
        throw new SessionStoreError(path, 'cannot delete the session file', { cause: error });
      }
    });
  }

  /** The session's artifacts: `<dir>/<id>.artifacts/` (0700, files 0600), made at the first one, removed by `delete`. */
  artifacts(id: string): FileArtifactStore {
    checkSessionId(id);
    return new FileArtifactStore(join(this.dir, `${id}.artifacts`));
  }

  async fork(id: string, newId: string): Promise<void> {
    const path = this.pathOf(id);
    checkSessionId(newId, 'newId');
    const newPath = this.pathOf(newId);
    return this.#locked([id, newId], async () => {
      const source = await this.#read(id, path);
      if (source === undefined) throw new SessionNotFoundError(id);
      const now = this.#clock.now();
      const lines = encodeStoredMessages(source.messages);
      const { title, model } = source;
      const text =
        headerLine(newId, now) + batchText(lines, { at: now, messages: lines.length, title, model });
      if (!(await createSessionFile(newPath, text))) throw new SessionExistsError(newId);
      // After the session exists (so a refused fork copies nothing): its messages' refs keep reading.
      await this.artifacts(id).copyTo(this.artifacts(newId));
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#lock.idle();
  }

  /** Reads and checks the whole file; `undefined` when there is none. */
  async #read(id: string, path: string): Promise<SessionFileContent | undefined> {
    const bytes = await readSessionBytes(path);
    return bytes === undefined ? undefined : readSessionFile(bytes, id, path);
  }

  #appendTo(id: string, path: string, batch: string): Promise<boolean> {
    return appendSessionFile(path, batch, {
      header: (head) => readSessionHeader(head, id, path),
      committedBytes: (file) => readSessionSummary(file, id, path).committedBytes,
    });
  }

  #prepare(): Promise<void> {
    this.#ready ??= ensurePrivateDir(this.dir);
    return this.#ready;
  }

  #checkOpen(): void {
    if (this.#closed) throw new SessionStoreError(this.dir, 'the store is closed');
  }

  #locked<T>(ids: readonly string[], task: () => Promise<T>): Promise<T> {
    this.#checkOpen();
    return this.#lock.runAll(ids, async () => {
      await this.#prepare();
      return task();
    });
  }
}

function infoOf(id: string, file: Omit<SessionFileContent, 'messages' | 'runs'>): SessionInfo {
  const { title, model, messageCount, createdAt, updatedAt } = file;
  return { id, title, model, messageCount, createdAt, updatedAt };
}
