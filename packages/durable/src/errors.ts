import { KodamaError } from '@kodama/core';

/**
 * Durable runs cannot start: no database URL, a database that does not
 * answer, or `durable()` called after this process launched its durable
 * runtime. The message says what to do next.
 */
export class DurableSetupError extends KodamaError {}

/** A durable run id that names no run in the database. */
export class DurableRunNotFoundError extends KodamaError {
  /** The run id asked for. */
  readonly runId: string;

  constructor(runId: string) {
    super(`no durable run ${runId} in this database (check the id, and --database / KODAMA_DATABASE_URL)`);
    this.runId = runId;
  }
}

/**
 * The failure of a durable run, rebuilt from what the worker stored: the
 * original class name, code and message (the object itself stayed in the
 * worker's process).
 */
export class DurableRunError extends KodamaError {
  /** The original error's class name (`ModelError`, `StepLimitExceeded`, ...). */
  readonly originalName: string;
  /** The original error's code, when it had one. */
  readonly originalCode: string | undefined;

  constructor(info: { readonly name: string; readonly code: string | undefined; readonly message: string }) {
    super(`${info.name}: ${info.message}`);
    this.originalName = info.name;
    this.originalCode = info.code;
  }
}

/** There is no confirmation waiting in that run (it never asked, or it was answered already). */
export class NoPendingApprovalError extends KodamaError {}
