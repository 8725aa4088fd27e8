// The exit status of a finished Run. Apart from exit-status.ts (which main.ts
// loads for every command, `--version` included) because it needs @kodama/core.
import type { Run } from '@kodama/core';
import { failureText } from '@kodama/core/listeners';
import { EXIT } from './exit-status.ts';
import type { StopSignals } from './stop-signals.ts';

/**
 * The exit status for a finished Run, saying on stderr (`say`) why it did not
 * complete: `partialNote` at a deadline, `cancelled`, or the failure's cause.
 * A Run that `stop` cancelled ends 143 after SIGTERM, and 141 without a word
 * when stdout was closed (`| head -1`: nobody reads what would be said).
 */
export function exitFor(
  run: Run,
  say: (message: string) => void,
  partialNote = 'deadline reached; the answer above is what was complete by then',
  stop?: Pick<StopSignals, 'terminated' | 'outputClosed'>,
): number {
  if (run.outcome === 'cancelled' && stop?.outputClosed) return EXIT.outputClosed;
  switch (run.outcome) {
    case 'completed':
      return EXIT.ok;
    case 'partial':
      say(partialNote);
      return EXIT.partial;
    case 'cancelled':
      say('cancelled');
      return stop?.terminated ? EXIT.terminated : EXIT.cancelled;
    default:
      // With --json the events already carry the error; stderr says it for people.
      say(failureText(run.error));
      return EXIT.failed;
  }
}
