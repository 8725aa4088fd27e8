import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunEvent, RunObserver } from '@kodama/core';

/** One recorded event: when it happened (ms since the epoch) and the event. */
export interface RecordedEvent {
  readonly t: number;
  readonly event: RunEvent;
}

/** Streamed pieces: the complete text arrives in `assistant` / `reasoning`, so the log skips them. */
const SKIPPED = new Set(['assistant-delta', 'reasoning-delta']);
const isDelta = (e: RunEvent) =>
  SKIPPED.has(e.type) || (e.type === 'agent-stream' && SKIPPED.has(e.event.type));

/** Files are named after the Run: only id characters reach the file system. */
const RUN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A Run observer that records the Run's events, with the time each arrived,
 * to `<dir>/<run id>.jsonl`, for the inspector's timeline (model-call latency,
 * tool durations, retries, errors, the sub-agent tree) and its live view.
 * Deltas are left out (their text is in the complete events). Writes are
 * batched and in order; a Run whose id is not file-safe is not recorded.
 * Create one per Run.
 */
export function recordRunEvents(dir: string): RunObserver {
  let file: string | undefined;
  let buffer: string[] = [];
  let writing = Promise.resolve();
  const flush = () => {
    if (!file || buffer.length === 0) return;
    const lines = buffer.join('');
    buffer = [];
    const target = file;
    writing = writing
      .then(() => appendFile(target, lines, { mode: 0o600 }))
      .catch((error: unknown) => {
        process.emitWarning(`kodama: could not record run events in ${target}: ${String(error)}`);
      });
  };
  return (event) => {
    if (event.type === 'run-start') {
      if (!RUN_ID.test(event.runId)) return;
      file = join(dir, `${event.runId}.jsonl`);
      writing = mkdir(dir, { recursive: true, mode: 0o700 }).then(() => undefined);
    }
    if (!file || isDelta(event)) return;
    buffer.push(`${JSON.stringify({ t: Date.now(), event })}\n`);
    const terminal = event.type === 'run-end';
    // Flush at every step boundary so a live view sees progress, and at the end.
    if (terminal || event.type === 'tokens' || event.type === 'tool-result' || buffer.length >= 64) flush();
  };
}

/**
 * The recorded events of Run `runId` in `dir`, from the `from`-th on (for a
 * live view that polls); `[]` when none were recorded. A torn last line (a Run
 * still writing, or a crash) is left out.
 */
export async function readRunEvents(dir: string, runId: string, from = 0): Promise<RecordedEvent[]> {
  if (!RUN_ID.test(runId)) return [];
  let text: string;
  try {
    text = await readFile(join(dir, `${runId}.jsonl`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // The last piece is '' after a final newline, or a torn line: either way not an event.
  const complete = text.split('\n').slice(0, -1);
  return complete.slice(from).map((line) => JSON.parse(line) as RecordedEvent);
}
