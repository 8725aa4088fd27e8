import { randomUUID } from 'node:crypto';
import { DBOS } from '@dbos-inc/dbos-sdk';
import {
  type Content,
  type History,
  InvalidOptionError,
  type RunEvent,
  type SessionStore,
} from '@kodama/core';
import type { PendingApproval } from './approval/approval-messages.ts';
import { type ApprovalOptions, approvalPolicy } from './approval/approval-policy.ts';
import { DurableRuns } from './client/durable-runs.ts';
import { databaseUrl } from './database-url.ts';
import type { DurableRun } from './run/durable-run.ts';
import type { DurableTargetSource } from './run/durable-target.ts';
import type { DurableRunInput, DurableRunRecord } from './run/run-record.ts';
import { launch, onShutdown, type RunWorkflow, registerWorkflow } from './runtime/runtime.ts';

/** Options of {@link durable}. */
export interface DurableOptions {
  /** The name runs are recorded under; every process serving them uses it (default `agent`). */
  readonly name?: string;
  /** A `postgres://` URL; default `KODAMA_DATABASE_URL`. */
  readonly database?: string;
  /** Run on this queue (any worker serving it executes the run) instead of in this process. */
  readonly queue?: string;
  /** Tool calls that wait, durably, for a person's answer (`kodama approve`). */
  readonly approval?: ApprovalOptions;
  /** Where runs given a `session` id keep their conversation (a `PostgresSessionStore` fits). */
  readonly sessions?: SessionStore;
  /** The application version (runs recover only on workers of the same version). */
  readonly version?: string;
  /** This process's executor id (see `startWorker`). */
  readonly executorId?: string;
}

/** Options of one durable ask. Everything must survive a trip through the database (JSON). */
export interface DurableAskOptions {
  /** The run's id (default: a random UUID). Starting an id that exists attaches to that run. */
  readonly runId?: string;
  /** A `Date`, or ms from now; absolute once started, so a recovered run keeps it. */
  readonly deadline?: Date | number;
  /** A conversation to continue from. */
  readonly history?: History;
  /** Application context for the tools (JSON). */
  readonly appContext?: unknown;
  /** A session id of the `sessions` store to continue. */
  readonly session?: string;
  /** Aborting it cancels the run (wherever it executes). */
  readonly signal?: AbortSignal;
}

/** A durable run's events as they are recorded; `run` settles with the finished run. */
export interface DurableRunStream extends AsyncIterable<RunEvent> {
  readonly runId: Promise<string>;
  readonly run: Promise<DurableRun>;
  /** Cancels the run wherever it executes. */
  cancel(): Promise<void>;
}

/**
 * An agent whose runs survive their process: `ask` and `stream` as on the
 * agent, each run a DBOS workflow in Postgres whose model calls and tool
 * executions are checkpointed. `result`, `events`, `cancel`, `resume` and
 * `approve` work from any process on the same database.
 */
export class DurableAgent {
  readonly name: string;
  readonly queue: string | undefined;
  readonly #url: string;
  readonly #workflow: RunWorkflow;
  #runs: Promise<DurableRuns> | undefined;
  /** Runs started in this process: their results are awaited, not polled. */
  readonly #local = new Map<string, Promise<DurableRunRecord>>();

  /** @internal use {@link durable}. */
  constructor(name: string, url: string, queue: string | undefined, workflow: RunWorkflow) {
    this.name = name;
    this.#url = url;
    this.queue = queue;
    this.#workflow = workflow;
  }

  /** The durable runs of this agent's database, seen as from any process. */
  runs(): Promise<DurableRuns> {
    if (!this.#runs) {
      const runs = DurableRuns.connect(this.#url);
      this.#runs = runs;
      runs.catch(() => {
        this.#runs = undefined;
      });
      onShutdown(async () => {
        this.#runs = undefined;
        await (await runs).close();
      });
    }
    return this.#runs;
  }

  /** Starts a run and returns its id without waiting (on the queue, or executing in this process). */
  async start(input: Content | undefined, options: DurableAskOptions = {}): Promise<string> {
    const runId = options.runId ?? randomUUID();
    const record = inputOf(input, options);
    if (this.queue) {
      await (await this.runs()).enqueue(this.name, this.queue, runId, record);
    } else {
      await launch();
      const handle = await DBOS.startWorkflow(this.#workflow, { workflowID: runId })(record);
      const result = handle.getResult();
      result.catch(() => {});
      this.#local.set(runId, result);
      void result.finally(() => setTimeout(() => this.#local.delete(runId), 60_000).unref()).catch(() => {});
    }
    if (options.signal) {
      const cancel = () => void this.cancel(runId).catch(() => {});
      if (options.signal.aborted) cancel();
      else options.signal.addEventListener('abort', cancel, { once: true });
    }
    return runId;
  }

  /** Asks once; resolves with the finished run whatever its outcome. */
  async ask<T = unknown>(
    input: Content | undefined,
    options: DurableAskOptions = {},
  ): Promise<DurableRun<T>> {
    const runId = await this.start(input, options);
    return this.result<T>(runId);
  }

  /** Asks once, following the run's recorded events live. */
  stream(input: Content | undefined, options: DurableAskOptions = {}): DurableRunStream {
    const runId = this.start(input, options);
    runId.catch(() => {});
    const events = async function* (self: DurableAgent) {
      yield* (await self.runs()).events(await runId);
    };
    return {
      runId,
      run: runId.then((id) => this.result(id)),
      cancel: async () => this.cancel(await runId),
      [Symbol.asyncIterator]: () => events(this)[Symbol.asyncIterator](),
    };
  }

  /** Waits for the run to end (from any process). */
  async result<T = unknown>(runId: string): Promise<DurableRun<T>> {
    const runs = await this.runs();
    const local = this.#local.get(runId);
    return local ? runs.settle<T>(runId, local) : runs.result<T>(runId);
  }

  /** Resumes a cancelled or stranded run (on this agent's queue, if it has one) and waits for its end. */
  async resume<T = unknown>(runId: string): Promise<DurableRun<T>> {
    await (await this.runs()).resume(runId, this.queue);
    return this.result<T>(runId);
  }

  /** Cancels the run wherever it executes. */
  async cancel(runId: string): Promise<void> {
    await (await this.runs()).cancel(runId);
  }

  /** The run's recorded events from the start; live until it ends unless `follow: false`. */
  events(runId: string, options: { follow?: boolean; from?: number } = {}): AsyncIterable<RunEvent> {
    const runs = this.runs();
    return {
      [Symbol.asyncIterator]: () =>
        (async function* () {
          yield* (await runs).events(runId, options);
        })(),
    };
  }

  /** Answers the confirmation the run waits on. */
  async approve(runId: string, answer: { approved: boolean; reason?: string }): Promise<PendingApproval> {
    return (await this.runs()).approve(runId, answer);
  }
}

/**
 * Makes `target` durable: its runs become DBOS workflows on Postgres. Call it
 * at start-up, in every process that executes or serves such runs, before any
 * run starts (DBOS registers workflows before it launches). Build the agent
 * with {@link durableAgentOptions}; pass a function making one to let a worker
 * execute runs concurrently.
 *
 * @throws DurableSetupError without a database URL, after launch, or for a duplicate name.
 */
export function durable(target: DurableTargetSource, options: DurableOptions = {}): DurableAgent {
  const isTarget =
    typeof target === 'function' || (typeof target === 'object' && target !== null && 'createRun' in target);
  if (!isTarget) {
    throw new InvalidOptionError('durable(target)', 'an Agent (or a function returning one)', target);
  }
  const name = options.name ?? 'agent';
  if (!/^[\w.-]+$/.test(name))
    throw new InvalidOptionError('DurableOptions.name', 'letters, digits, _ . -', name);
  const url = databaseUrl(options.database);
  const workflow = registerWorkflow(
    { name, target, approval: approvalPolicy(options.approval), sessions: options.sessions },
    {
      url,
      ...(options.version ? { version: options.version } : {}),
      ...(options.executorId ? { executorId: options.executorId } : {}),
    },
  );
  return new DurableAgent(name, url, options.queue, workflow);
}

function inputOf(input: Content | undefined, options: DurableAskOptions): DurableRunInput {
  const { deadline } = options;
  const deadlineAt =
    deadline === undefined
      ? undefined
      : deadline instanceof Date
        ? deadline.getTime()
        : Date.now() + deadline;
  return {
    input: input ?? null,
    ...(options.history ? { history: options.history.toJSON() } : {}),
    ...(deadlineAt === undefined ? {} : { deadlineAt }),
    ...(options.appContext === undefined ? {} : { appContext: options.appContext }),
    ...(options.session ? { sessionId: options.session } : {}),
  };
}
