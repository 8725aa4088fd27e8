import { KodamaError } from '../errors/kodama-error.ts';

/**
 * Stored history bytes could not be turned into a {@link History}: malformed JSON,
 * a missing or mistyped field, a dangling tool result, a newer format version,
 * an unreadable file, a corrupt attachment. `problem` names the spot, e.g.
 * `messages[3].message.toolCalls[0].id must be a string`.
 */
export class HistoryError extends KodamaError {
  /** What is wrong, with the path of the offending field when there is one. */
  readonly problem: string;
  /** The file or folder being read, when the input came from disk. */
  readonly source: string | undefined;

  constructor(problem: string, options: { source?: string; cause?: unknown } = {}) {
    super(options.source === undefined ? problem : `${options.source}: ${problem}`, { cause: options.cause });
    this.problem = problem;
    this.source = options.source;
  }
}
