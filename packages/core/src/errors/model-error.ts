const MARKER = Symbol.for('kodama.ModelError');

/**
 * A model call failed in a way the host must handle (the loop does not absorb it).
 * `isRetryable` tells whether the same request may succeed later.
 * Checked with {@link ModelError.isInstance} so the check survives duplicate installs.
 */
export class ModelError extends Error {
  /** HTTP status, when the failure was an HTTP answer. */
  readonly status: number | undefined;
  /** Whether retrying the same request may succeed. */
  readonly isRetryable: boolean;
  protected readonly [MARKER] = true;

  constructor(message: string, options: { status?: number; isRetryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ModelError';
    this.status = options.status;
    this.isRetryable = options.isRetryable ?? false;
  }

  /** True for any ModelError, including subclasses and copies from another install. */
  static isInstance(value: unknown): value is ModelError {
    return typeof value === 'object' && value !== null && MARKER in value;
  }
}
