import { KodamaError } from '../errors/kodama-error.ts';

/** Where a {@link SessionStoreError} happened. */
export interface SessionStoreErrorOptions {
  /** The 1-based line of a session file, or the row of a table, that is wrong. */
  readonly line?: number;
  readonly cause?: unknown;
}

/**
 * A session store cannot read or write what it holds: a tampered or foreign
 * session file, a message that fails the History v1 checks, an unusable
 * directory or database, a store used after `close`. The message starts with
 * the file or database (and line) so a person can go and look:
 * `/home/me/.local/share/kodama/sessions/s1.jsonl:7: messages[5].kind must be one of ...`.
 */
export class SessionStoreError extends KodamaError {
  /** The session file, directory or database the problem is in. */
  readonly source: string;
  /** What is wrong. */
  readonly problem: string;
  /** The 1-based line (file) or row position (database) when one thing is wrong. */
  readonly line: number | undefined;

  constructor(source: string, problem: string, options: SessionStoreErrorOptions = {}) {
    super(`${source}${options.line === undefined ? '' : `:${options.line}`}: ${problem}`, {
      cause: options.cause,
    });
    this.source = source;
    this.problem = problem;
    this.line = options.line;
  }
}

/** An operation needs a session that the store does not have (`fork`'s source, `recordRun`'s session). */
export class SessionNotFoundError extends KodamaError {
  readonly sessionId: string;

  constructor(sessionId: string) {
    super(`no session "${sessionId}"`);
    this.sessionId = sessionId;
  }
}

/** `fork` would overwrite a session that already exists. */
export class SessionExistsError extends KodamaError {
  readonly sessionId: string;

  constructor(sessionId: string) {
    super(`a session "${sessionId}" already exists`);
    this.sessionId = sessionId;
  }
}
