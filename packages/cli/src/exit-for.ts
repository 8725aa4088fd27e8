// The exit status of a finished Run. Apart from exit-status.ts (which main.ts
// loads for every command, `--version` included) because it needs @kodama/core.
import { ModelError, type Run } from '@kodama/core';
import { stripControlSequences } from '@kodama/core/listeners';
import { EXIT } from './exit-status.ts';

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

/** A failure in words for the terminal: it can quote a server's error body, so its control sequences go. */
function describeFailure(error: unknown): string {
  if (ModelError.isInstance(error)) return stripControlSequences(`model call failed: ${error.message}`);
  return stripControlSequences(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}
