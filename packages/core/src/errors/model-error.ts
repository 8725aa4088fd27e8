import { KodamaError } from './kodama-error.ts';

/** Options of {@link ModelError}. */
export interface ModelErrorOptions {
  readonly status?: number;
  readonly isRetryable?: boolean;
  readonly cause?: unknown;
}

/**
 * A model call failed in a way the host must handle (the loop does not absorb it).
 * `isRetryable` tells whether the same request may succeed later.
 */
export class ModelError extends KodamaError {
  /** HTTP status, when the failure was an HTTP answer. */
  readonly status: number | undefined;
  /** Whether retrying the same request may succeed. */
  readonly isRetryable: boolean;

  constructor(message: string, options: ModelErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.isRetryable = options.isRetryable ?? false;
  }
}
