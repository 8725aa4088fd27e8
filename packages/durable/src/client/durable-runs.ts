import { DBOSClient, Error as DBOSErrors, type WorkflowStatus } from '@dbos-inc/dbos-sdk';
import { History, type RunEvent } from '@kodama/core';
import { isTerminalEvent } from '@kodama/core/run';
import type pg from 'pg';
import {
  APPROVAL_TOPIC,
  type ApprovalAnswer,
  PENDING_APPROVAL_EVENT,
  type PendingApproval,
} from '../approval/approval-messages.ts';
import { databaseUrl } from '../database-url.ts';
import { DurableRunNotFoundError, DurableSetupError, NoPendingApprovalError } from '../errors.ts';
import { type ReadEventsOptions, readEvents } from '../events/event-reader.ts';
import { recordedEvent } from '../events/recorded-event.ts';
import { DurableRun, NO_USAGE } from '../run/durable-run.ts';
import type { DurableRunInput, DurableRunRecord } from '../run/run-record.ts';
import { APP_NAME, workflowName } from '../runtime/runtime.ts';
import { database, redact } from '../schema/database.ts';
import { SCHEMA } from '../schema/migrations.ts';

/** Where a durable run stands, as the database says. */
export interface DurableRunStatus {
  readonly runId: string;
  /** DBOS's status: ENQUEUED, PENDING (running), SUCCESS, ERROR, CANCELLED, ... */
  readonly status: string;
  /** The durable agent's name. */
  readonly agent: string;
  /** The worker executing it (or that executed it last). */
  readonly executorId: string | undefined;
  readonly queue: string | undefined;
  readonly createdAt: number;
  readonly updatedAt: number | undefined;
}

/** Options of {@link DurableRuns.connect}. */
export interface DurableRunsOptions {
  /** How often waits look at the database when nothing notifies them, ms (default 250). */
  readonly pollingIntervalMs?: number;
}

const TERMINAL = new Set(['SUCCESS', 'ERROR', 'CANCELLED', 'MAX_RECOVERY_ATTEMPTS_EXCEEDED']);

/**
 * An executor whose last beat is older than this is taken for dead by a
 * cancelled run's wait for its terminal event: the runtime's default
 * `staleAfterMs`, the age at which its supervisor takes a worker for dead.
 */
const EXECUTOR_STALE_MS = 20_000;
/** How long that wait follows an executor that beats but never writes the event (see #lastEventAfterCancel). */
const END_WAIT_CEILING_MS = 120_000;
/** How often that wait looks at the log and the heartbeat. */
const END_POLL_MS = 100;

/**
 * Durable runs seen from any process (a CLI, an inspector, another service):
 * start one on a queue, read its status and result, follow or replay its
 * events, cancel or resume it, answer its confirmations. Needs only the
 * database, not the agents' code.
 */
export class DurableRuns {
  /** The database URL (for messages, password hidden). */
  readonly database: string;
  readonly #url: string;
  readonly #dbos: DBOSClient;
  readonly #pool: pg.Pool;
  readonly #pollMs: number;

  private constructor(url: string, dbos: DBOSClient, pool: pg.Pool, pollMs: number) {
    this.#url = url;
    this.database = redact(url);
    this.#dbos = dbos;
    this.#pool = pool;
    this.#pollMs = pollMs;
  }

  /**
   * Connects to the durable runs of `url` (default `KODAMA_DATABASE_URL`).
   * @throws DurableSetupError without a URL, or when the database does not answer.
   */
  static async connect(url?: string, options: DurableRunsOptions = {}): Promise<DurableRuns> {
    const resolved = databaseUrl(url);
    const pool = await database(resolved);
    let dbos: DBOSClient;
    try {
      dbos = await DBOSClient.create({ systemDatabaseUrl: resolved, applicationName: APP_NAME });
    } catch (error) {
      throw new DurableSetupError(`cannot reach DBOS's tables on ${redact(resolved)}: ${String(error)}`, {
        cause: error,
      });
    }
    return new DurableRuns(resolved, dbos, pool, options.pollingIntervalMs ?? 250);
  }

  /** Puts a run of the durable agent `agent` on `queue`, for any worker serving it. Returns at once. */
  async enqueue(agent: string, queue: string, runId: string, input: DurableRunInput): Promise<string> {
    await this.#dbos.enqueue(
      { queueName: queue, workflowName: workflowName(agent), workflowID: runId },
      input,
    );
    return runId;
  }

  /** The run's status. @throws DurableRunNotFoundError */
  async status(runId: string): Promise<DurableRunStatus> {
    return statusOf(await this.#workflow(runId));
  }

  /** Runs, newest first (default 20). */
  async list(limit = 20): Promise<DurableRunStatus[]> {
    const all = await this.#dbos.listWorkflows({ sortDesc: true, limit: limit * 4 });
    return all
      .filter((w) => w.workflowName.startsWith('kodama.run.'))
      .slice(0, limit)
      .map(statusOf);
  }

  /**
   * Waits for the run to end and returns how it ended, whichever process ran it.
   * @throws DurableRunNotFoundError
   */
  async result<T = unknown>(runId: string): Promise<DurableRun<T>> {
    await this.#workflow(runId);
    return this.settle<T>(
      runId,
      this.#dbos.retrieveWorkflow<DurableRunRecord>(runId).getResult({ pollingIntervalMs: this.#pollMs }),
    );
  }

  /**
   * The run `runId` from its workflow's result (`pending`: a handle's
   * `getResult()`, polled or, for a run executing in this process, awaited
   * directly), or from its event log when it returned none (cancelled, crashed).
   */
  async settle<T = unknown>(runId: string, pending: Promise<DurableRunRecord>): Promise<DurableRun<T>> {
    try {
      return new DurableRun<T>(await pending);
    } catch (error) {
      return new DurableRun<T>(await this.#endedWithout(runId, await this.#workflow(runId), error));
    }
  }

  /** How a run that returned no record ended: cancelled (from its log's last event), or its workflow threw. */
  async #endedWithout(runId: string, status: WorkflowStatus, error: unknown): Promise<DurableRunRecord> {
    const cancelled = error instanceof DBOSErrors.DBOSAwaitedWorkflowCancelledError;
    const last = cancelled
      ? await this.#lastEventAfterCancel(runId, status.executorId)
      : await this.#lastEvent(runId);
    const now = (await this.#workflow(runId)).updatedAt ?? Date.now();
    const e = error as { name?: string; message?: string };
    return {
      runId,
      outcome: cancelled ? 'cancelled' : 'failed',
      response: '',
      error: cancelled
        ? { name: 'CancelledError', code: 'cancelled-error', message: 'the durable run was cancelled' }
        : { name: e?.name ?? 'Error', code: undefined, message: e?.message ?? String(error) },
      usage: last && isTerminalEvent(last) ? last.usage : NO_USAGE,
      history: new History([]).toJSON(),
      startedAt: status.createdAt,
      endedAt: now,
    };
  }

  /**
   * The last event of a cancelled run, once its executor wrote the terminal
   * one (with the usage): the executor notices a cancel from elsewhere at its
   * next approval poll or step, which on a loaded machine can take long. So
   * the wait follows the executor, not a clock: it goes on while the run's log
   * has begun and the executor beats (see {@link EXECUTOR_STALE_MS}); it ends
   * without the event when nothing was written (no executor started the run)
   * or the executor stopped beating (it died: nobody will write it). Only an
   * executor that lives on without the run (restarted under the same id, the
   * cancelled run not recovered) meets {@link END_WAIT_CEILING_MS}.
   */
  async #lastEventAfterCancel(runId: string, executorId: string | undefined): Promise<RunEvent | undefined> {
    const since = Date.now();
    for (;;) {
      const last = await this.#lastEvent(runId);
      if (last === undefined || isTerminalEvent(last)) return last;
      if (!(await this.#beats(executorId)) || Date.now() - since > END_WAIT_CEILING_MS) return last;
      await new Promise((r) => setTimeout(r, END_POLL_MS));
    }
  }

  /** True when `executorId`'s heartbeat (kodama.workers) is fresh, by the database's clock. */
  async #beats(executorId: string | undefined): Promise<boolean> {
    if (executorId === undefined) return false;
    const { rows } = await this.#pool.query<{ fresh: boolean }>(
      `SELECT heartbeat_at > now() - make_interval(secs => $2::double precision / 1000) AS fresh
       FROM ${SCHEMA}.workers WHERE executor_id = $1`,
      [executorId, EXECUTOR_STALE_MS],
    );
    return rows[0]?.fresh === true;
  }

  async #lastEvent(runId: string): Promise<RunEvent | undefined> {
    const { rows } = await this.#pool.query<{ event: RunEvent }>(
      `SELECT event FROM ${SCHEMA}.run_events WHERE run_id = $1 AND sub = 0 ORDER BY seq DESC LIMIT 1`,
      [runId],
    );
    return rows[0] && recordedEvent(rows[0].event);
  }

  /**
   * The run's events from its start (or `from`), live until it ends with `follow` (default).
   * A replay of a finished run yields what it recorded and stops.
   */
  events(runId: string, options: Omit<ReadEventsOptions, 'ended'> = {}): AsyncIterable<RunEvent> {
    const ended = async () => TERMINAL.has((await this.#workflow(runId)).status);
    return readEvents(this.#url, this.#pool, runId, { ...options, ended });
  }

  /**
   * The run's events recorded so far, from the `from`-th on, each with when it
   * was written (ms since the epoch; events are written in batches, so to
   * within about 25 ms): what the inspector draws a timeline from. `[]` for a
   * run with no events (or none yet).
   */
  async recordedEvents(runId: string, from = 0): Promise<{ t: number; event: RunEvent }[]> {
    const { rows } = await this.#pool.query<{ t: number; event: RunEvent }>(
      `SELECT recorded_at AS t, event FROM ${SCHEMA}.run_events
       WHERE run_id = $1 ORDER BY seq, sub OFFSET $2`,
      [runId, Math.max(0, Math.trunc(from))],
    );
    return rows.map(({ t, event }) => ({ t, event: recordedEvent(event) }));
  }

  /** Cancels the run wherever it executes (its next step, or within a second mid-step). */
  async cancel(runId: string): Promise<void> {
    await this.#workflow(runId);
    await this.#dbos.cancelWorkflow(runId);
  }

  /** Resumes a cancelled or stranded run on `queue` (its checkpoints replay; it goes on from there). */
  async resume(runId: string, queue?: string): Promise<void> {
    await this.#workflow(runId);
    await this.#dbos.resumeWorkflow(runId, queue ? { queueName: queue } : {});
  }

  /** The tool call the run waits on for a person's answer, or `null`. */
  async pendingApproval(runId: string): Promise<PendingApproval | null> {
    await this.#workflow(runId);
    return this.#dbos.getEvent<PendingApproval>(runId, PENDING_APPROVAL_EVENT, { timeoutSeconds: 0 });
  }

  /**
   * Answers the call the run waits on: it runs (approved) or the model reads that it was denied.
   * Returns the call answered.
   * @throws NoPendingApprovalError when the run waits on nothing.
   */
  async approve(runId: string, answer: { approved: boolean; reason?: string }): Promise<PendingApproval> {
    const pending = await this.pendingApproval(runId);
    if (!pending) throw new NoPendingApprovalError(`durable run ${runId} is not waiting for an approval`);
    const message: ApprovalAnswer = {
      toolCallId: pending.toolCallId,
      approved: answer.approved,
      ...(answer.reason ? { reason: answer.reason } : {}),
    };
    // The idempotency key makes a repeated answer to the same call one message.
    await this.#dbos.send(runId, message, APPROVAL_TOPIC, `${runId}:${pending.toolCallId}:approval`);
    return pending;
  }

  async #workflow(runId: string): Promise<WorkflowStatus> {
    const status = await this.#dbos.getWorkflow(runId);
    if (status?.workflowName.startsWith('kodama.run.')) return status;
    throw new DurableRunNotFoundError(runId);
  }

  /** Releases the DBOS client (the shared pool stays for the process). */
  async close(): Promise<void> {
    await this.#dbos.destroy();
  }
}

function statusOf(w: WorkflowStatus): DurableRunStatus {
  return {
    runId: w.workflowID,
    status: w.status,
    agent: w.workflowName.slice('kodama.run.'.length),
    executorId: w.executorId,
    queue: w.queueName,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
}
