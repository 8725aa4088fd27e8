import type { RunEvent } from '@kodama/core';

/** The outcome each terminal event name of logs recorded before `run-end` stood for. */
const LEGACY_END: Readonly<Record<string, RunOutcomeName>> = {
  'run-stop': 'completed',
  'run-error': 'failed',
  'run-partial': 'partial',
  'run-cancel': 'cancelled',
};

type RunOutcomeName = 'completed' | 'failed' | 'partial' | 'cancelled';

/**
 * A recorded event as today's {@link RunEvent}. Logs written before a Run
 * ended with one `run-end` hold `run-stop`, `run-error`, `run-partial` or
 * `run-cancel` (each already carrying its `outcome`) and `assembly-step-stop`:
 * those are read as `run-end` and `assembly-step-end`, so a stored run still
 * replays, ends and reports its usage. Every other event is returned as is.
 */
export function recordedEvent(stored: unknown): RunEvent {
  const event = stored as { type: string; outcome?: string };
  const outcome = LEGACY_END[event.type];
  if (outcome !== undefined) return { ...event, type: 'run-end', outcome } as RunEvent;
  if (event.type === 'assembly-step-stop') return { ...event, type: 'assembly-step-end' } as RunEvent;
  return stored as RunEvent;
}
