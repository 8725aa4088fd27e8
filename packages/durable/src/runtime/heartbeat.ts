import { DBOS, DBOSClient } from '@dbos-inc/dbos-sdk';
import type pg from 'pg';
import { SCHEMA } from '../schema/migrations.ts';

/** Settings of one process's {@link Heartbeat}. */
export interface HeartbeatSettings {
  readonly executorId: string;
  readonly version: string;
  /** The queue this process serves as a worker (it then supervises too). */
  readonly queue: string | undefined;
  readonly everyMs: number;
  /** A worker whose last beat is older than this is taken for dead. */
  readonly staleAfterMs: number;
}

/**
 * The liveness row of one process in `kodama.workers`, beaten every
 * `everyMs`, and, in workers, the supervisor: a worker that has not beaten
 * for `staleAfterMs` is taken for dead, and its runs still marked running are
 * put back on the queue (`resumeWorkflow`), where live workers of the same
 * application version pick them up and replay their checkpoints. One
 * supervisor claims each dead worker (row lock, SKIP LOCKED). A worker taken
 * for dead by mistake loses its runs' ownership: its next step stops there.
 */
export class Heartbeat {
  readonly #pool: pg.Pool;
  readonly #s: HeartbeatSettings;
  #timer: ReturnType<typeof setInterval> | undefined;
  #beating: Promise<void> | undefined;

  constructor(pool: pg.Pool, settings: HeartbeatSettings) {
    this.#pool = pool;
    this.#s = settings;
  }

  /** Writes the first beat and starts beating. */
  async start(): Promise<void> {
    await this.#beat();
    this.#timer = setInterval(() => {
      this.#beating ??= this.#tick().finally(() => {
        this.#beating = undefined;
      });
    }, this.#s.everyMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    try {
      await this.#beat();
      if (this.#s.queue) await this.superviseOnce();
    } catch (error) {
      process.emitWarning(`durable heartbeat failed: ${String(error)}`, 'KodamaDurableWarning');
    }
  }

  async #beat(): Promise<void> {
    await this.#pool.query(
      `INSERT INTO ${SCHEMA}.workers (executor_id, app_version, queue) VALUES ($1, $2, $3)
       ON CONFLICT (executor_id) DO UPDATE SET heartbeat_at = now(), app_version = $2, queue = $3`,
      [this.#s.executorId, this.#s.version, this.#s.queue ?? null],
    );
  }

  /**
   * Hands the runs of every dead worker to the queue; returns the executor ids
   * taken over. Runs by itself on every beat of a worker; exposed for tests
   * and the CLI.
   */
  async superviseOnce(): Promise<string[]> {
    const queue = this.#s.queue;
    if (!queue) return [];
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ executor_id: string }>(
        `SELECT executor_id FROM ${SCHEMA}.workers
         WHERE heartbeat_at < now() - make_interval(secs => $1::double precision / 1000) AND executor_id <> $2
         FOR UPDATE SKIP LOCKED`,
        [this.#s.staleAfterMs, this.#s.executorId],
      );
      const dead = rows.map((r) => r.executor_id);
      if (dead.length > 0) {
        const stranded = await DBOS.listWorkflows({ status: 'PENDING', executorId: dead });
        const ids = stranded.map((w) => w.workflowID);
        if (ids.length > 0) await DBOS.resumeWorkflows(ids, { queueName: queue });
        await client.query(`DELETE FROM ${SCHEMA}.workers WHERE executor_id = ANY($1)`, [dead]);
      }
      await client.query('COMMIT');
      return dead;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** Stops beating (the row stays until {@link release}). */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * After DBOS shut down: puts the runs still marked running here back on the
   * queue for other workers, then removes the row. A process serving no queue
   * with runs left keeps its row, which goes stale, so a worker takes them.
   */
  async release(url: string): Promise<void> {
    await this.#beating;
    const client = await DBOSClient.create({ systemDatabaseUrl: url, applicationName: 'kodama' });
    try {
      const left = await client.listWorkflows({ status: 'PENDING', executorId: this.#s.executorId });
      const ids = left.map((w) => w.workflowID);
      if (ids.length > 0) {
        if (!this.#s.queue) return;
        await client.resumeWorkflows(ids, { queueName: this.#s.queue });
      }
      await this.#pool.query(`DELETE FROM ${SCHEMA}.workers WHERE executor_id = $1`, [this.#s.executorId]);
    } finally {
      await client.destroy();
    }
  }
}
