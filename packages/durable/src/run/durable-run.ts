import { History, type RunUsage } from '@kodama/core';
import type { RunOutcome } from '@kodama/core/run';
import { DurableRunError } from '../errors.ts';
import type { DurableRunRecord } from './run-record.ts';

const NO_USAGE: RunUsage = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
  totalTokens: 0,
  costUsd: 0,
});

/**
 * A finished durable run, read from the database in any process: the same
 * surface as a core `Run` after it ended (outcome, response, output, error,
 * usage, history, times). The error is a {@link DurableRunError} carrying the
 * original class name, code and message: the object stayed in the worker.
 */
export class DurableRun<T = unknown> {
  /** The durable run id (the DBOS workflow id). */
  readonly id: string;
  readonly outcome: RunOutcome;
  /** The final answer (completed), the latest complete answer text (partial), else ''. */
  readonly response: string;
  /** The validated structured answer of a run with an output schema that completed. */
  readonly output: T | undefined;
  /** The cause of a failed, partial or cancelled run. */
  readonly error: DurableRunError | undefined;
  readonly usage: RunUsage;
  /** The conversation after the run (empty when the run was cancelled before it could report one). */
  readonly history: History;
  readonly startedAt: number;
  readonly endedAt: number;

  constructor(record: DurableRunRecord) {
    this.id = record.runId;
    this.outcome = record.outcome;
    this.response = record.response;
    this.output = record.output as T | undefined;
    this.error = record.error ? new DurableRunError(record.error) : undefined;
    // JSON drops undefined: an unknown cost comes back as a missing key.
    this.usage = record.usage ? { ...record.usage, costUsd: record.usage.costUsd } : NO_USAGE;
    this.history = History.parse(JSON.stringify(record.history));
    this.startedAt = record.startedAt;
    this.endedAt = record.endedAt;
  }

  get completed(): boolean {
    return this.outcome === 'completed';
  }

  get failed(): boolean {
    return this.outcome === 'failed';
  }

  get partial(): boolean {
    return this.outcome === 'partial';
  }

  get cancelled(): boolean {
    return this.outcome === 'cancelled';
  }
}

/** The usage of a run that reported none. */
export { NO_USAGE };
