import { isUtf8 } from 'node:buffer';
import type { HistoryMessage } from '../../history/history-message.ts';
import { validateMessages } from '../../history/schema/validate-messages.ts';
import { SessionStoreError } from '../errors.ts';
import { readRunRecord } from '../run-record.ts';
import type { RunRecord } from '../session-store.ts';
import { sessionTitle } from '../session-title.ts';
import { parseStoredJson, readStoredMessages } from '../stored-messages.ts';
import {
  COMMIT_PREFIX,
  type Commit,
  RUN_PREFIX,
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
} from './session-file-format.ts';

/** What a listing needs from a session file. */
export interface SessionFileSummary {
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly title: string | undefined;
  readonly model: string | undefined;
  readonly messageCount: number;
  /** Bytes from the start of the file to the end of its last commit line: what a crash cannot take back. */
  readonly committedBytes: number;
}

/** A session file read whole and checked. */
export interface SessionFileContent extends SessionFileSummary {
  readonly messages: HistoryMessage[];
  readonly runs: RunRecord[];
}

const NEWLINE = 0x0a;

/**
 * Reads a session file completely: the header must name `id`, every committed
 * line must be well-formed, each commit must count its batch's messages, and
 * the messages must pass the History v1 checks. Lines after the last commit
 * (a write a crash cut short, its last line possibly torn) are dropped. Any
 * other problem is a {@link SessionStoreError} naming `path` and the line.
 */
export function readSessionFile(bytes: Buffer, id: string, path: string): SessionFileContent {
  const walked = walk(bytes, id, path, 'messages');
  if (!isUtf8(bytes.subarray(0, walked.committedBytes))) {
    throw new SessionStoreError(path, 'the file is not valid UTF-8');
  }
  const messages = readStoredMessages(walked.raw, path, (i) => walked.lines[i]);
  return { ...walked, title: walked.title ?? sessionTitle(messages), messages };
}

/**
 * Reads what a listing shows, checking the header and the commit lines but
 * not the messages (only the first user messages are parsed, for the title):
 * a listing stays cheap, and `load` still refuses a damaged session.
 */
export function readSessionSummary(bytes: Buffer, id: string, path: string): SessionFileSummary {
  return walk(bytes, id, path, 'summary');
}

/**
 * The ids of the committed messages, oldest first, without checking the
 * messages (what an append needs to refuse a message already stored). A line
 * as this store writes it (`{"id":"…",…}`) is not parsed whole.
 */
export function readStoredMessageIds(bytes: Buffer, id: string, path: string): unknown[] {
  return walk(bytes, id, path, 'ids').raw;
}

interface Walked extends SessionFileSummary {
  /** Parsed message lines (or their ids only), committed ones only; empty in a summary walk. */
  readonly raw: unknown[];
  /** The 1-based line of each entry of `raw`. */
  readonly lines: number[];
  readonly runs: RunRecord[];
}

/**
 * Checks that `bytes` (a whole file, or its first bytes) start with the header
 * of session `id`; returns the header's creation time and where it ends.
 */
export function readSessionHeader(
  bytes: Buffer,
  id: string,
  path: string,
): { createdAt: number; end: number } {
  const end = bytes.indexOf(NEWLINE);
  if (end < 0)
    throw new SessionStoreError(path, 'not a kodama session file (no complete first line)', { line: 1 });
  return { createdAt: readHeader(bytes.toString('utf8', 0, end), id, path), end };
}

/** What a walk collects besides the summary: the messages and runs, the message ids only, or nothing. */
type Collect = 'messages' | 'ids' | 'summary';

function walk(bytes: Buffer, id: string, path: string, collect: Collect): Walked {
  const { createdAt, end: headerEnd } = readSessionHeader(bytes, id, path);
  const raw: unknown[] = [];
  const lines: number[] = [];
  const runs: RunRecord[] = [];
  const committed = { raw: 0, runs: 0, messages: 0 };
  let batchMessages = 0;
  let committedBytes = headerEnd + 1;
  let updatedAt = createdAt;
  let title: string | undefined;
  let model: string | undefined;
  let derived: string | undefined;
  let batchTitle: string | undefined;
  let line = 1;
  for (let start = committedBytes; start < bytes.length; ) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end < 0) break; // a torn last line: the write was cut short
    line++;
    const text = bytes.toString('utf8', start, end);
    if (text.startsWith(COMMIT_PREFIX)) {
      const commit = readCommit(parseStoredJson(text, path, line), path, line);
      if (commit.messages !== batchMessages) {
        throw new SessionStoreError(
          path,
          `the commit counts ${commit.messages} messages but its batch has ${batchMessages}: lines were added or removed`,
          { line },
        );
      }
      committed.raw = raw.length;
      committed.runs = runs.length;
      committed.messages += batchMessages;
      batchMessages = 0;
      derived ??= batchTitle;
      updatedAt = commit.at;
      title = commit.title ?? title;
      model = commit.model ?? model;
      committedBytes = end + 1;
    } else if (text.startsWith(RUN_PREFIX)) {
      if (collect === 'messages') runs.push(readRunLine(parseStoredJson(text, path, line), path, line));
    } else {
      batchMessages++;
      if (collect === 'messages') {
        raw.push(parseStoredJson(text, path, line));
        lines.push(line);
      } else if (collect === 'ids') {
        raw.push(idOfLine(text, path, line));
        lines.push(line);
      } else if (derived === undefined && batchTitle === undefined) {
        batchTitle = titleOfLine(text);
      }
    }
    start = end + 1;
  }
  // Whatever follows the last commit was never committed.
  raw.length = committed.raw;
  lines.length = committed.raw;
  runs.length = committed.runs;
  return {
    createdAt,
    updatedAt,
    title: title ?? derived,
    model,
    messageCount: committed.messages,
    committedBytes,
    raw,
    lines,
    runs,
  };
}

function readHeader(text: string, id: string, path: string): number {
  const fail = (problem: string): never => {
    throw new SessionStoreError(path, problem, { line: 1 });
  };
  let header: unknown;
  try {
    header = JSON.parse(text);
  } catch {
    fail('not a kodama session file (the first line is not its JSON header)');
  }
  const h = (typeof header === 'object' && header !== null ? header : {}) as {
    readonly [k: string]: unknown;
  };
  if (h.format !== SESSION_FILE_FORMAT)
    fail(`not a kodama session file (format is not "${SESSION_FILE_FORMAT}")`);
  if (typeof h.version !== 'number' || !Number.isInteger(h.version) || h.version < 1) {
    fail('the header has no valid version');
  }
  if ((h.version as number) > SESSION_FILE_VERSION) {
    fail(
      `session file format version ${h.version} is newer than this kodama understands (${SESSION_FILE_VERSION})`,
    );
  }
  if (h.id !== id)
    fail(
      `the file holds session ${JSON.stringify(h.id)}, not "${id}"` +
        (typeof h.id === 'string' ? ` (a copy of ${h.id}.jsonl?)` : ''),
    );
  if (typeof h.createdAt !== 'number' || !Number.isFinite(h.createdAt))
    fail('the header has no valid createdAt');
  return h.createdAt as number;
}

function readCommit(value: unknown, path: string, line: number): Commit {
  const fail = (problem: string): never => {
    throw new SessionStoreError(path, `a commit line ${problem}`, { line });
  };
  const outer = value as { readonly commit?: unknown };
  if (Object.keys(outer).length !== 1) fail('has fields besides "commit"');
  const c = (typeof outer.commit === 'object' && outer.commit !== null ? outer.commit : {}) as {
    readonly [k: string]: unknown;
  };
  if (typeof c.at !== 'number' || !Number.isFinite(c.at)) fail('has no valid "at"');
  if (typeof c.messages !== 'number' || !Number.isSafeInteger(c.messages) || c.messages < 0) {
    fail('has no valid "messages" count');
  }
  for (const key of ['title', 'model']) {
    if (c[key] !== undefined && typeof c[key] !== 'string') fail(`has a "${key}" that is not a string`);
  }
  return c as unknown as Commit;
}

function readRunLine(value: unknown, path: string, line: number): RunRecord {
  return readRunRecord((value as { readonly run?: unknown }).run, (field, expected) => {
    throw new SessionStoreError(path, `${field} must be ${expected}`, { line });
  });
}

/** The title a message line gives, if it is a user message with text; a malformed line gives none. */
function titleOfLine(text: string): string | undefined {
  if (!text.includes('"kind":"user"')) return undefined;
  try {
    return sessionTitle(validateMessages([JSON.parse(text)]));
  } catch {
    return undefined;
  }
}

const ID_PREFIX = '{"id":"';

/** The `id` of a message line: read off the front of a line this store wrote, else parsed. */
function idOfLine(text: string, path: string, line: number): unknown {
  if (text.startsWith(ID_PREFIX)) {
    const end = text.indexOf('"', ID_PREFIX.length);
    const id = text.slice(ID_PREFIX.length, end);
    if (end > 0 && !id.includes('\\')) return id;
  }
  return (parseStoredJson(text, path, line) as { readonly id?: unknown } | null)?.id;
}
