import { KodamaError } from './kodama-error.ts';

/**
 * What a provider adapter recognised a failure as, in kodama's terms, so the
 * kernel reads a fact instead of a provider's wording:
 * - `context-overflow`: the request does not fit the model's context window
 *   (a shorter conversation fixes it; the agent compacts and sends again).
 */
export type ModelErrorKind = 'context-overflow';

/** Options of {@link ModelError}. */
export interface ModelErrorOptions {
  readonly status?: number;
  readonly isRetryable?: boolean;
  readonly cause?: unknown;
  /** What the adapter recognised the failure as, when it did. */
  readonly kind?: ModelErrorKind;
}

/**
 * A model call failed in a way the host must handle (the loop does not absorb it).
 * `isRetryable` tells whether the same request may succeed later; `kind`,
 * set by the provider adapter, what the failure is when it knows.
 */
export class ModelError extends KodamaError {
  /** HTTP status, when the failure was an HTTP answer. */
  readonly status: number | undefined;
  /** Whether retrying the same request may succeed. */
  readonly isRetryable: boolean;
  /** What the adapter recognised the failure as; `undefined`: nothing the kernel acts on. */
  readonly kind: ModelErrorKind | undefined;

  constructor(message: string, options: ModelErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.isRetryable = options.isRetryable ?? false;
    this.kind = options.kind;
  }
}
