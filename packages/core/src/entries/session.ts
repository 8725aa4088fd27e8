/** @kodama/core/session: session stores (in memory, JSONL), the records a Run leaves in them, and where their artifacts live. */

export {
  type ArtifactMeta,
  type ArtifactStore,
  InMemoryArtifactStore,
  isArtifactRef,
  type StoredArtifact,
} from '../artifacts/artifact-store.ts';
export { FileArtifactStore } from '../artifacts/file-artifact-store.ts';
export { byActivity } from '../session/by-activity.ts';
export {
  SessionExistsError,
  SessionNotFoundError,
  SessionStoreError,
  type SessionStoreErrorOptions,
} from '../session/errors.ts';
export {
  InMemorySessionStore,
  type InMemorySessionStoreOptions,
} from '../session/in-memory-session-store.ts';
export { defaultSessionDir, type SessionDirEnv } from '../session/jsonl/default-session-dir.ts';
export { JsonlSessionStore, type JsonlSessionStoreOptions } from '../session/jsonl/jsonl-session-store.ts';
export { KeyedLock } from '../session/keyed-lock.ts';
export { type RunRecordFailure, readRunRecord, runRecordJson } from '../session/run-record.ts';
export { SessionCheckpoint } from '../session/session-checkpoint.ts';
export { checkSessionId, SESSION_ID_PATTERN } from '../session/session-id.ts';
export { checkSessionMeta } from '../session/session-meta.ts';
export type {
  RunRecord,
  SessionInfo,
  SessionMeta,
  SessionStore,
  StoredSession,
} from '../session/session-store.ts';
export { sessionTitle, TITLE_MAX_LENGTH } from '../session/session-title.ts';
export { encodeStoredMessages, parseStoredJson, readStoredMessages } from '../session/stored-messages.ts';
