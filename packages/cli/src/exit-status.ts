import { ModelError, type Run } from '@kodama/core';

/**
 * Exit statuses of the `kodama` command: by Run outcome, plus usage errors;
 * `loud` is `kodama trifecta`'s "the lethal trifecta is unmitigated";
 * `cancelled` after Ctrl+C (SIGINT), `terminated` after SIGTERM (the run is
 * cancelled the same way, and what it owns is closed before exiting).
 */
export const EXIT = Object.freeze({
  ok: 0,
  failed: 1,
  usage: 2,
  partial: 3,
  loud: 3,
  cancelled: 130,
  terminated: 143,
});

/**
 * The exit status for a finished Run, saying on stderr (`say`) why it did not
 * complete: `partialNote` at a deadline, `cancelled`, or the failure's cause.
 */
export function exitFor(
  run: Run,
  say: (message: string) => void,
  partialNote = 'deadline reached; the answer above is what was complete by then',
): number {
  switch (run.outcome) {
    case 'completed':
      return EXIT.ok;
    case 'partial':
      say(partialNote);
      return EXIT.partial;
    case 'cancelled':
      say('cancelled');
      return EXIT.cancelled;
    default:
      // With --json the events already carry the error; stderr says it for people.
      say(describeFailure(run.error));
      return EXIT.failed;
  }
}

function describeFailure(error: unknown): string {
  if (ModelError.isInstance(error)) return `model call failed: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
