import { KodamaError } from '@kodama/core';

/** Why a download failed; lets callers (and tests) branch without parsing messages. */
export type FetchErrorKind =
  | 'invalid-url'
  | 'too-many-redirects'
  | 'timeout'
  | 'network'
  | 'http-status'
  | 'unsupported-content-type'
  | 'too-large';

/**
 * A download that failed in a way the model can react to (bad URL, 404,
 * timeout, a binary it cannot read). The web tools turn it into an
 * `Error: <message>` observation; it never escapes a tool.
 */
export class FetchError extends KodamaError {
  /** HTTP status when `kind` is `http-status`. */
  readonly status: number | undefined;

  constructor(
    readonly kind: FetchErrorKind,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}
