import { randomUUID } from 'node:crypto';
import { DBOS } from '@dbos-inc/dbos-sdk';
import {
  type AnyTool,
  type AskOptions,
  type Content,
  type History,
  InvalidOptionError,
  type Run,
  type RunEvent,
  type Runnable,
  type RunnableToolOptions,
  type RunStream,
  runnableAsTool,
} from '@kodama/core';
import type { SessionStore } from '@kodama/core/session';
import type { PendingApproval } from './approval/approval-messages.ts';
import { type ApprovalOptions, approvalPolicy } from './approval/approval-policy.ts';
import { DurableRuns } from './client/durable-runs.ts';
import { databaseUrl } from './database-url.ts';
import { durableRunOf } from './run/durable-body.ts';
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
  /** Where runs given a `storedSession` id keep their conversation (a `PostgresSessionStore` fits). */
  readonly sessions?: SessionStore;
  /** The application version (runs recover only on workers of the same version). */
  readonly version?: string;
  /** This process's executor id (see `startWorker`). */
  readonly executorId?: string;
}

/**
 * Options of a durable ask: core's `AskOptions` (deadline, signal, history,
 * runId, appContext as JSON, observers, includeAgentEvents, a local session)
 * plus `storedSession`. A `model`, an `output` schema and `prices` cannot
 * cross to a worker and are refused.
 */
export interface DurableAskOptions extends AskOptions {
  /** A session id of the `sessions` store given to `durable()`: the worker loads and saves it. */
  readonly storedSession?: string;
}

/**
 * An agent whose runs survive their process: `ask` and `stream` as on the
 * agent, each run a DBOS workflow in Postgres whose model calls and tool
 * executions are checkpointed. `result`, `events`, `cancel`, `resume` and
 * `approve` work from any process on the same database.
 */
export class DurableAgent implements Runnable {
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

  /** Its name (a Runnable's id). */
  get id(): string {
    return this.name;
  }

  /**
   * A dormant core Run of a durable run: `execute()` or `stream()` starts it
   * (on the queue, or in this process). Its id is the durable run's.
   * @throws InvalidOptionError for an option that cannot cross to a worker, before a Run exists.
   */
  createRun(input: Content | undefined, options: DurableAskOptions = {}): Run {
    for (const key of ['model', 'output', 'prices'] as const) {
      if (options[key] !== undefined) {
        throw new InvalidOptionError(
          `AskOptions.${key}`,
          "absent: a durable run takes its worker's",
          options[key],
        );
      }
    }
    const { storedSession, ...ask } = options;
    const host = {
      name: this.name,
      begin: (runId: string, record: DurableRunInput) => this.#begin(runId, record),
      result: (runId: string) => this.result(runId),
      runs: () => this.runs(),
    };
    return durableRunOf(
      host,
      input,
      { runId: randomUUID(), ...ask },
      storedSession ? { session: storedSession } : {},
    );
  }

  /** Asks once: the same Run as an agent's (outcome, response, usage, history), executed durably. */
  ask(input: Content | undefined, options: DurableAskOptions = {}): Promise<Run> {
    return Promise.resolve().then(() => this.createRun(input, options).execute());
  }

  /** Asks once, streaming the run's events as its worker records them. */
  stream(input: Content | undefined, options: DurableAskOptions = {}): RunStream {
    return this.createRun(input, options).stream();
  }

  /** It as a tool of an agent: a task in, its final answer out. */
  asTool(options: RunnableToolOptions): AnyTool {
    return runnableAsTool(this, options);
  }

  /**
   * Starts a durable run and returns its id without waiting for it (a
   * fire-and-forget submission); `result(id)` from any process waits for it.
   */
  async start(
    input: Content | undefined,
    options: {
      runId?: string;
      deadline?: Date | number;
      history?: History;
      appContext?: unknown;
      storedSession?: string;
    } = {},
  ): Promise<string> {
    const runId = options.runId ?? randomUUID();
    const { deadline } = options;
    const deadlineAt =
      deadline === undefined
        ? undefined
        : deadline instanceof Date
          ? deadline.getTime()
          : Date.now() + deadline;
    await this.#begin(runId, {
      input: input ?? null,
      ...(options.history ? { history: options.history.toJSON() } : {}),
      ...(deadlineAt === undefined ? {} : { deadlineAt }),
      ...(options.appContext === undefined ? {} : { appContext: options.appContext }),
      ...(options.storedSession ? { sessionId: options.storedSession } : {}),
    });
    return runId;
  }

  async #begin(runId: string, record: DurableRunInput): Promise<void> {
    if (this.queue) {
      await (await this.runs()).enqueue(this.name, this.queue, runId, record);
      return;
    }
    await launch();
    const handle = await DBOS.startWorkflow(this.#workflow, { workflowID: runId })(record);
    const result = handle.getResult();
    result.catch(() => {});
    this.#local.set(runId, result);
    void result.finally(() => setTimeout(() => this.#local.delete(runId), 60_000).unref()).catch(() => {});
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
  // not a tool name: the workflow's default name (stored in the database; renaming it orphans runs)
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
