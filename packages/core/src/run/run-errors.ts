import { KodamaError } from '../errors/kodama-error.ts';

/** The Run's deadline passed; the Run ends `partial`. The abort reason behind the turn's `CancelledError`. */
export class DeadlineExceededError extends KodamaError {
  /** The deadline, in ms since the epoch. */
  readonly deadline: number;

  constructor(deadline: number) {
    const at = new Date(deadline);
    // A Clock may put the deadline outside a Date's range; toISOString would throw a RangeError.
    super(
      `the run deadline (${Number.isNaN(at.getTime()) ? `${deadline} ms since the epoch` : at.toISOString()}) was reached`,
    );
    this.deadline = deadline;
  }
}

/**
 * A Run was used in a state that does not allow it: executed twice, a
 * resource registered after it closed, an interjection before it started or
 * after it ended. The message says which.
 */
export class RunStateError extends KodamaError {}

/** The Run ended before an interjection was answered; `delivered` tells whether the model saw it. */
export class InterjectionNotAnsweredError extends KodamaError {
  readonly delivered: boolean;

  constructor(delivered: boolean) {
    super(
      delivered
        ? 'the run ended before the model answered the interjection'
        : 'the run ended before the interjection was delivered',
    );
    this.delivered = delivered;
  }
}
