import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DBOS } from '@dbos-inc/dbos-sdk';
import type pg from 'pg';
import { DurableSetupError } from '../errors.ts';
import { closeNotifications } from '../events/notifications.ts';
import type { DurableRunInput, DurableRunRecord } from '../run/run-record.ts';
import { type DurableDefinition, executeDurableRun } from '../run/run-workflow.ts';
import { closeDatabases, database } from '../schema/database.ts';
import { Heartbeat } from './heartbeat.ts';

/** The DBOS application name kodama's workflows and queues live under. */
export const APP_NAME = 'kodama';

/** A registered durable run workflow. */
export type RunWorkflow = (input: DurableRunInput) => Promise<DurableRunRecord>;

/** Settings shared by every durable agent of a process (DBOS is one per process). */
export interface RuntimeSettings {
  readonly url: string;
  /** The application version; runs recover only on workers of the same version. Default: DBOS's hash of the workflow code. */
  readonly version?: string;
  /** This process's executor id (default: host, pid and a random suffix). A restarted worker with the same id recovers its own runs at launch. */
  readonly executorId?: string;
}

/** What a launch serves: nothing (a process that starts runs itself) or one queue as a worker. */
export interface LaunchOptions {
  readonly queue?: {
    readonly name: string;
    readonly concurrency: number;
    readonly pollingIntervalMs: number;
  };
  readonly heartbeatMs?: number;
  readonly staleAfterMs?: number;
}

/** The launched runtime of this process. */
export interface Launched {
  readonly url: string;
  readonly pool: pg.Pool;
  readonly executorId: string;
  readonly heartbeat: Heartbeat;
  readonly queue: string | undefined;
}

const workflows = new Map<string, RunWorkflow>();
const closers = new Set<() => Promise<void>>();

/** Runs `close` at {@link shutdownRuntime} (clients opened on the process's behalf). */
export function onShutdown(close: () => Promise<void>): void {
  closers.add(close);
}
let settings: RuntimeSettings | undefined;
let launching: Promise<Launched> | undefined;

/** The workflow name of a durable agent called `name`. */
export const workflowName = (name: string): string => `kodama.run.${name}`;

/**
 * Registers the workflow of one durable agent. DBOS registers workflows before
 * it launches, in every process that may execute them, under the same names.
 * @throws DurableSetupError after launch, for a second agent of the same name, or another database.
 */
export function registerWorkflow(definition: DurableDefinition, given: RuntimeSettings): RunWorkflow {
  if (launching) {
    throw new DurableSetupError(
      `durable(${JSON.stringify(definition.name)}) came after this process started running durable work: ` +
        'create every durable agent first (DBOS registers workflows before it launches)',
    );
  }
  if (workflows.has(definition.name)) {
    throw new DurableSetupError(
      `a durable agent named ${JSON.stringify(definition.name)} exists already in this process; give each a name of its own`,
    );
  }
  if (settings && settings.url !== given.url) {
    throw new DurableSetupError('every durable agent of a process must use the same database');
  }
  settings = { ...settings, ...given };
  const url = given.url;
  const workflow = DBOS.registerWorkflow(
    async (input: DurableRunInput) => executeDurableRun(definition, input, await database(url)),
    { name: workflowName(definition.name) },
  );
  workflows.set(definition.name, workflow);
  return workflow;
}

/** Launches DBOS in this process once (later calls share the first launch). */
export function launch(options: LaunchOptions = {}): Promise<Launched> {
  if (!settings)
    throw new DurableSetupError('no durable agent in this process: call durable(agent, ...) first');
  const wantQueue = options.queue?.name;
  launching ??= start(settings, options);
  return launching.then((launched) => {
    if (wantQueue !== undefined && launched.queue !== wantQueue) {
      throw new DurableSetupError(
        `this process already runs durable work ${launched.queue ? `for queue ${launched.queue}` : 'without serving a queue'}; start the worker before anything else`,
      );
    }
    return launched;
  });
}

async function start(s: RuntimeSettings, options: LaunchOptions): Promise<Launched> {
  const pool = await database(s.url);
  const executorId = s.executorId ?? `kodama-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const queue = options.queue;
  DBOS.setConfig({
    name: APP_NAME,
    systemDatabaseUrl: s.url,
    executorID: executorId,
    ...(s.version ? { applicationVersion: s.version } : {}),
    logLevel: process.env.KODAMA_DBOS_LOG_LEVEL ?? 'warn',
    listenQueues: queue ? [queue.name] : [],
  });
  try {
    await DBOS.launch();
  } catch (error) {
    launching = undefined;
    throw new DurableSetupError(`DBOS could not start on the database: ${String(error)}`, { cause: error });
  }
  if (queue) {
    await DBOS.registerQueue(queue.name, {
      workerConcurrency: queue.concurrency,
      minPollingIntervalMs: queue.pollingIntervalMs,
      onConflict: 'always_update',
    });
  }
  const heartbeat = new Heartbeat(pool, {
    executorId,
    version: DBOS.applicationVersion,
    queue: queue?.name,
    everyMs: options.heartbeatMs ?? 5000,
    staleAfterMs: options.staleAfterMs ?? 20000,
  });
  await heartbeat.start();
  return { url: s.url, pool, executorId, heartbeat, queue: queue?.name };
}

/** Whether this process launched its runtime. */
export const isLaunched = (): boolean => launching !== undefined;

/**
 * Stops the runtime: waits up to `drainMs` for runs executing here, hands the
 * rest to other workers (back on their queue), stops the heartbeat, shuts DBOS
 * down and closes the pools.
 */
export async function shutdownRuntime(drainMs = 0): Promise<void> {
  const closing = [...closers];
  closers.clear();
  await Promise.all(closing.map((close) => close().catch(() => {})));
  await closeNotifications();
  const current = launching;
  if (!current) {
    await closeDatabases();
    return;
  }
  const launched = await current.catch(() => undefined);
  launched?.heartbeat.stop();
  await DBOS.shutdown({ workflowCompletionTimeoutMS: drainMs });
  if (launched) await launched.heartbeat.release(launched.url).catch(() => {});
  launching = undefined;
  await closeDatabases();
}
