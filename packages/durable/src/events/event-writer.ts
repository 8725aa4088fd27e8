import type { RunEvent } from '@kodama/core';
import { isTerminalEvent } from '@kodama/core/run';
import type pg from 'pg';
import { SCHEMA } from '../schema/migrations.ts';

/**
 * How long events gather before one INSERT carries them: a follower sees them
 * this much later, and a run writes a few rows per second instead of one per
 * event (the terminal event is written at once).
 */
const COALESCE_MS = 25;

/** The NOTIFY channel a write signals, with the run id as payload. */
export const EVENTS_CHANNEL = 'kodama_run_events';

/**
 * Writes one durable run's events to `kodama.run_events`, in order and off the
 * run's path: `push` only buffers; one INSERT at a time carries everything
 * buffered since the previous one (gathered for up to 25 ms). Keys make a replay harmless:
 * - an event the loop emits between steps is *stable* (a replay emits it
 *   again at the same place): it gets the next `seq`, `sub` 0;
 * - an event emitted inside a step (streaming deltas, a tool's domain events,
 *   nested agents' events) is *volatile* (a replayed step emits none): it gets
 *   the last stable `seq` and the next `sub`.
 * Rows are inserted with ON CONFLICT DO NOTHING, so what a replay emits again
 * keeps the row the first execution wrote.
 */
export class EventWriter {
  readonly #pool: pg.Pool;
  readonly #runId: string;
  #seq = 0;
  #sub = 0;
  #buffer: unknown[][] = [];
  #flushing: Promise<void> | undefined;
  #failure: unknown;
  #stopped = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(pool: pg.Pool, runId: string) {
    this.#pool = pool;
    this.#runId = runId;
  }

  /** Buffers `event`; `volatile` when it was emitted inside a step. */
  push(event: RunEvent, volatile: boolean): void {
    if (this.#stopped) return;
    if (volatile) this.#sub++;
    else {
      this.#seq++;
      this.#sub = 0;
    }
    this.#buffer.push([this.#runId, this.#seq, this.#sub, JSON.stringify(event)]);
    if (isTerminalEvent(event)) {
      this.#stopped = true;
      this.#now();
    } else this.#timer ??= setTimeout(() => this.#now(), COALESCE_MS);
  }

  /** Starts writing what is buffered (after the write in flight, if any). */
  #now(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    // Cleared in a callback, never inside #drain: a drain that finds nothing
    // would finish before this assignment and leave a stale promise behind.
    this.#flushing ??= this.#drain().finally(() => {
      this.#flushing = undefined;
    });
  }

  /** Stops writing (another worker owns the run now). */
  stop(): void {
    this.#stopped = true;
    this.#buffer = [];
  }

  /** Resolves once everything pushed so far is written. @throws the write's error. */
  async flush(): Promise<void> {
    if (this.#buffer.length > 0) this.#now();
    while (this.#flushing) await this.#flushing;
    if (this.#failure) throw this.#failure;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#buffer.length > 0) {
        const rows = this.#buffer;
        this.#buffer = [];
        await this.#insert(rows);
      }
    } catch (error) {
      this.#failure ??= error;
    }
  }

  async #insert(rows: unknown[][]): Promise<void> {
    const values: unknown[] = [];
    const tuples = rows.map((row, i) => {
      values.push(...row);
      const b = i * 4;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}::jsonb)`;
    });
    values.push(EVENTS_CHANNEL, this.#runId);
    const n = values.length;
    await this.#pool.query(
      `WITH written AS (
         INSERT INTO ${SCHEMA}.run_events (run_id, seq, sub, event) VALUES ${tuples.join(', ')}
         ON CONFLICT DO NOTHING RETURNING 1)
       SELECT pg_notify($${n - 1}, $${n}) FROM (SELECT count(*) FROM written) c`,
      values,
    );
  }
}
