import type { RunEvent } from '@kodama/core';
import { isTerminalEvent } from '@kodama/core/run';
import type pg from 'pg';
import { SCHEMA } from '../schema/migrations.ts';
import { watchWrites } from './notifications.ts';
import { recordedEvent } from './recorded-event.ts';

/** Options of {@link readEvents}. */
export interface ReadEventsOptions {
  /** Keep waiting for new events until the run's terminal event (default true). */
  readonly follow?: boolean;
  /** Skip this many events from the start (default 0: replay the whole run). */
  readonly from?: number;
  /** Says whether the run ended without a terminal event (cancelled before it could write one, crashed workflow). */
  readonly ended?: () => Promise<boolean>;
  /** Stops the reading. */
  readonly signal?: AbortSignal;
  /** How often to look when no notification arrives, ms (default 1000). */
  readonly pollMs?: number;
  /**
   * After the run ended, how long to wait for its terminal event, ms (default
   * 10000): a run cancelled from elsewhere writes it after DBOS marked it so.
   */
  readonly graceMs?: number;
}

/**
 * A run's recorded events from the start (or `from`), in the order the run
 * emitted them (a log recorded with older event names reads as today's, see
 * {@link recordedEvent}); with `follow`, new ones as they are written (LISTEN/NOTIFY,
 * with a poll as backstop), until the terminal event.
 */
export async function* readEvents(
  url: string,
  pool: pg.Pool,
  runId: string,
  options: ReadEventsOptions = {},
): AsyncGenerator<RunEvent> {
  const follow = options.follow ?? true;
  let cursor = { seq: 0, sub: -1 };
  let skip = options.from ?? 0;
  let endedAt: number | undefined;
  const watch = follow ? await watchWrites(url, runId) : undefined;
  try {
    for (;;) {
      const { rows } = await pool.query<{ seq: number; sub: number; event: RunEvent }>(
        `SELECT seq, sub, event FROM ${SCHEMA}.run_events
         WHERE run_id = $1 AND (seq, sub) > ($2, $3) ORDER BY seq, sub LIMIT 500`,
        [runId, cursor.seq, cursor.sub],
      );
      for (const row of rows) {
        cursor = { seq: row.seq, sub: row.sub };
        if (skip > 0) {
          skip--;
          continue;
        }
        const event = recordedEvent(row.event);
        yield event;
        if (isTerminalEvent(event)) return;
      }
      if (rows.length > 0) continue;
      if (!follow || options.signal?.aborted) return;
      if (endedAt === undefined && options.ended && (await options.ended())) endedAt = Date.now();
      if (endedAt !== undefined && Date.now() - endedAt > (options.graceMs ?? 10_000)) return;
      await watch!.wait(endedAt === undefined ? (options.pollMs ?? 1000) : 100, options.signal);
    }
  } finally {
    watch?.close();
  }
}
