import type { Content, ErrorInfo, RunUsage } from '@kodama/core';
import type { HistoryDocument } from '@kodama/core/history';
import type { RunOutcome } from '@kodama/core/run';

/** What a durable run is started with: the workflow's one argument, JSON. */
export interface DurableRunInput {
  /** The user message (`null`: a bare turn over the history). */
  readonly input: Content | null;
  /** A conversation to continue from. */
  readonly history?: HistoryDocument;
  /** The deadline as ms since the epoch: absolute, so a recovered run keeps it. */
  readonly deadlineAt?: number;
  /** Application context for the tools (must be JSON). */
  readonly appContext?: unknown;
  /** A session of the definition's store to continue. */
  readonly sessionId?: string;
}

/** What a durable run ended with: the workflow's result, JSON. */
export interface DurableRunRecord {
  readonly runId: string;
  readonly outcome: RunOutcome;
  readonly response: string;
  readonly output?: unknown;
  readonly error?: ErrorInfo;
  readonly usage: RunUsage;
  readonly history: HistoryDocument;
  readonly startedAt: number;
  readonly endedAt: number;
}
