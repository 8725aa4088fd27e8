import { InvalidOptionError } from '@kodama/core';
import type { Heartbeat } from './runtime/heartbeat.ts';
import { launch, shutdownRuntime } from './runtime/runtime.ts';

/** Options of {@link startWorker}. */
export interface WorkerOptions {
  /** The queue to serve (default `kodama`). */
  readonly queue?: string;
  /** Runs this worker executes at once (default 4). */
  readonly concurrency?: number;
  /** How often the worker looks for queued runs, ms (default 1000). */
  readonly pollingIntervalMs?: number;
  /** Liveness beat, ms (default 5000). */
  readonly heartbeatMs?: number;
  /** A worker silent this long is taken for dead and its runs go back on the queue, ms (default 20000). */
  readonly staleAfterMs?: number;
}

/** A running worker. */
export interface Worker {
  /** Its DBOS executor id (runs it executes carry it). */
  readonly executorId: string;
  readonly queue: string;
  /** Hands the runs of dead workers to the queue now (it also happens on every beat). */
  supervise(): Promise<string[]>;
  /**
   * Graceful shutdown: stops taking runs, waits up to `drainMs` (default
   * 30 s) for the running ones, puts the rest back on the queue for other
   * workers, and releases the database.
   */
  stop(options?: { drainMs?: number }): Promise<void>;
}

/**
 * Makes this process a worker of `queue`: it executes queued durable runs
 * (of the agents this process made durable, at the same application
 * version), recovers at launch the runs its executor id left unfinished,
 * beats a heartbeat, and supervises: runs of workers that stopped beating are
 * put back on the queue. Call `durable(...)` for every agent first.
 */
export async function startWorker(options: WorkerOptions = {}): Promise<Worker> {
  const queue = options.queue ?? 'kodama';
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new InvalidOptionError('WorkerOptions.concurrency', 'a whole number of 1 or more', concurrency);
  }
  const launched = await launch({
    queue: { name: queue, concurrency, pollingIntervalMs: options.pollingIntervalMs ?? 1000 },
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.staleAfterMs ? { staleAfterMs: options.staleAfterMs } : {}),
  });
  const heartbeat: Heartbeat = launched.heartbeat;
  return {
    executorId: launched.executorId,
    queue,
    supervise: () => heartbeat.superviseOnce(),
    stop: (o = {}) => shutdownRuntime(o.drainMs ?? 30_000),
  };
}

/** Shuts down this process's durable runtime (for processes that ran durable work without a worker). */
export function shutdownDurable(): Promise<void> {
  return shutdownRuntime(0);
}
