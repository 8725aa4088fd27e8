import { runRecordJson } from '../run-record.ts';
import type { RunRecord } from '../session-store.ts';

/**
 * A JSONL session file, one JSON value per line:
 *
 * ```
 * {"format":"kodama.session","version":1,"id":"s1","createdAt":1767225600000}    the header
 * {"id":"m1","kind":"user","message":{"role":"user","content":"hi"}}             a message (History v1)
 * {"commit":{"at":1767225600000,"messages":1,"model":"openai:gpt-4.1"}}            ends each write
 * {"run":{"runId":"r1","sessionId":"s1","outcome":"completed",...}}               a finished Run
 * ```
 *
 * Every write (an append, a recorded run) is one batch of lines ending with a
 * commit line that counts the batch's messages; a reader keeps only committed
 * batches, so a write cut short by a crash is dropped whole.
 */
export const SESSION_FILE_FORMAT = 'kodama.session';
/** The file format version this code writes and the newest it reads. */
export const SESSION_FILE_VERSION = 1;

/** How a commit line starts (message lines start with `{"id":`). */
export const COMMIT_PREFIX = '{"commit":';
/** How a run line starts. */
export const RUN_PREFIX = '{"run":';

/** What a commit line says about the batch it ends and the session. */
export interface Commit {
  /** When the batch was written (ms since the Unix epoch): the session's `updatedAt`. */
  readonly at: number;
  /** How many message lines the batch has; a reader checks it. */
  readonly messages: number;
  /** A title given by the caller (or pinned by a rewrite); the last one wins. */
  readonly title?: string;
  /** The model named by the caller; the last one wins. */
  readonly model?: string;
}

/** The first line of a session file. */
export function headerLine(id: string, createdAt: number): string {
  return `${JSON.stringify({ format: SESSION_FILE_FORMAT, version: SESSION_FILE_VERSION, id, createdAt })}\n`;
}

/** The lines of one write: `lines` (message or run lines, without newlines), then the commit. */
export function batchText(lines: readonly string[], commit: Commit): string {
  const { at, messages, title, model } = commit;
  const fields = {
    at,
    messages,
    ...(title === undefined ? {} : { title }),
    ...(model === undefined ? {} : { model }),
  };
  const body = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  return `${body}${COMMIT_PREFIX}${JSON.stringify(fields)}}\n`;
}

/** A run line (without its newline). */
export function runLine(record: RunRecord): string {
  return `${RUN_PREFIX}${JSON.stringify(runRecordJson(record))}}`;
}
