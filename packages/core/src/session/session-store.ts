import type { ArtifactStore } from '../artifacts/artifact-store.ts';
import type { HistoryMessage } from '../history/history-message.ts';
import type { Usage } from '../model/usage.ts';

/** What a store knows about a session besides its messages. */
export interface SessionInfo {
  /** The session id (see {@link SESSION_ID_PATTERN}). */
  readonly id: string;
  /**
   * The title given by {@link SessionMeta.title}, else the text of the first user
   * message (whitespace collapsed, trimmed, at most {@link TITLE_MAX_LENGTH} characters).
   */
  readonly title: string | undefined;
  /** The model of the latest append that named one, as a target string `provider:modelId`. */
  readonly model: string | undefined;
  /** How many messages {@link SessionStore.load} returns. */
  readonly messageCount: number;
  /** When the session was created (ms since the Unix epoch, from the store's clock). */
  readonly createdAt: number;
  /** When it last changed: an append, replace or recorded run (ms since the Unix epoch). */
  readonly updatedAt: number;
}

/** A session as loaded: its info and its messages, oldest first. */
export interface StoredSession {
  readonly info: SessionInfo;
  readonly messages: readonly HistoryMessage[];
}

/** What an append or a replace may say about the session besides its messages. */
export interface SessionMeta {
  /** Replaces the title (a derived one or an earlier given one). */
  readonly title?: string;
  /** The model now in use, `provider:modelId`; kept until another append names one. */
  readonly model?: string;
}

/** One finished Run, for listings and the inspector. */
export interface RunRecord {
  readonly runId: string;
  readonly sessionId: string;
  readonly outcome: 'completed' | 'failed' | 'partial' | 'cancelled';
  /** ms since the Unix epoch. */
  readonly startedAt: number;
  /** ms since the Unix epoch. */
  readonly endedAt: number;
  /** The Run's summed usage. */
  readonly usage: Usage;
  /** The error's message when the Run did not complete. */
  readonly error?: string;
}

/**
 * Where conversations live between Runs. A Run checkpoints its session through
 * a store at its start, after every answered tool batch and at its end, so
 * failed, cancelled and partial Runs keep their completed turns.
 *
 * Shared rules, for every method:
 * - Ids are checked first: an id outside {@link SESSION_ID_PATTERN} rejects with
 *   `InvalidOptionError` before anything is read or written.
 * - Within one store, writes to one session (append, replace, recordRun, delete,
 *   fork) run one at a time in call order, and `load` sees either all of a
 *   write or none of it. Different sessions proceed concurrently.
 * - What a store guarantees across store instances and processes is said by
 *   each implementation (the JSONL and SQLite stores differ).
 * - Messages are stored in the History v1 shape; system prompts are not
 *   messages and so are never stored. A store does not check that appended
 *   messages continue the stored conversation (a tool result after its call):
 *   a caller that breaks that rule gets a session that `load` refuses with
 *   `SessionStoreError`. Pass whole checkpoints.
 * - After `close`, every method rejects with `SessionStoreError`.
 */
export interface SessionStore {
  /**
   * The session with its messages oldest first, or `undefined` when there is
   * none. No repair: interrupted tool calls come back unanswered, for the
   * caller to repair (`History.repairInterruptedToolCalls`).
   *
   * Contract: rejects with `SessionStoreError` naming the file or database (and
   * the line or row) when what is stored is not a session this store wrote.
   */
  load(id: string): Promise<StoredSession | undefined>;

  /**
   * Adds `messages` after the stored ones, creating the session when it is
   * missing (also with no messages: a Run's first checkpoint).
   *
   * Contract: durable once it resolves (fsynced or committed). A crash before
   * that leaves the session as it was before the call or with the whole append,
   * never part of it. The title is set once, from the first user message that
   * has text, unless `meta.title` gives one.
   */
  append(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void>;

  /**
   * Rewrites the session's messages (after a compaction), creating it when it
   * is missing; keeps its creation time, title, model and runs unless `meta`
   * says otherwise.
   *
   * Contract: atomic and durable: a crash leaves the old messages or the new
   * ones, never a mix.
   */
  replace(id: string, messages: readonly HistoryMessage[], meta?: SessionMeta): Promise<void>;

  /**
   * Records a finished Run against `record.sessionId`.
   *
   * Contract: rejects with `SessionNotFoundError` when the session does not
   * exist (a Run creates it at its first checkpoint); durable once it resolves.
   */
  recordRun(record: RunRecord): Promise<void>;

  /** The runs recorded for a session, oldest first; empty when there are none or no session. */
  listRuns(id: string): Promise<RunRecord[]>;

  /** Every session, most recent activity (`updatedAt`) first; ties by id. */
  list(): Promise<SessionInfo[]>;

  /** Removes a session with its runs; `false` when there was none. */
  delete(id: string): Promise<boolean>;

  /**
   * Copies a session's messages, title and model to a new session (not its runs).
   *
   * Contract: rejects with `SessionNotFoundError` when `id` does not exist and
   * with `SessionExistsError` when `newId` does; the copy appears whole or not at all.
   */
  fork(id: string, newId: string): Promise<void>;

  /**
   * Optional: where the session's artifacts live (large tool results,
   * images), private like its messages and removed by `delete`. A Run of
   * the session stores its artifacts there; without it they stay in memory
   * for the Run. Refs resolve against this session's artifacts only.
   *
   * Contract: checks the id like every method (`InvalidOptionError`); the
   * store it returns may be made lazily (no folder until the first artifact).
   */
  artifacts?(id: string): ArtifactStore;

  /** Waits for writes in flight, then releases what the store holds. Idempotent. */
  close(): Promise<void>;
}
