import { ModelError } from '@kodama/core';
import { formatSeconds } from './idle/format-seconds.ts';

// Every class here extends core's ModelError (and so KodamaError): `name`,
// `code` and a cross-install `isInstance` are inherited, keyed by class name,
// which must therefore stay unique across kodama's packages.

/**
 * A model target string could not be understood: unknown provider, malformed
 * grammar, or a server that lists no models. The user's fix is a different `--model`.
 */
export class ModelTargetError extends ModelError {
  /** The target string as given. */
  readonly target: string;

  constructor(target: string, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.target = target;
  }
}

/** The provider needs an API key that the environment does not hold. */
export class MissingApiKeyError extends ModelError {
  /** Name of the environment variable that would fix it, e.g. `ANTHROPIC_API_KEY`. */
  readonly envVar: string;

  constructor(provider: string, envVar: string) {
    super(`${provider} needs an API key: set ${envVar} or pick another --model`);
    this.envVar = envVar;
  }
}

/** A model server did not answer at all (connection refused, DNS failure, timeout). */
export class ModelServerUnreachableError extends ModelError {
  /** The URL that was tried. */
  readonly url: string;

  constructor(url: string, message: string, options: { cause?: unknown; isRetryable?: boolean } = {}) {
    super(message, { cause: options.cause, isRetryable: options.isRetryable ?? true });
    this.url = url;
  }
}

/** The server refused the credentials (HTTP 401 or 403). Never retried. */
export class ModelAuthError extends ModelError {
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { status: options.status, cause: options.cause, isRetryable: false });
  }
}

/** What {@link StreamIdleTimeoutError} reports. */
export interface StreamIdleTimeoutDetails {
  /** Provider name, e.g. `anthropic`. */
  readonly provider: string;
  /** The idle timeout that ran out, in ms. */
  readonly idleTimeoutMs: number;
  /** True when part of the answer had already reached the caller (then it is never retried). */
  readonly midAnswer: boolean;
}

/**
 * A model stream went silent: no data arrived for `idleTimeoutMs`, so the
 * request was aborted. Before any part reached the caller the retry layer
 * retries it like a dropped connection; mid-answer it is thrown as-is (a stream
 * is never replayed). `isRetryable` is true either way: a stall is transient.
 */
export class StreamIdleTimeoutError extends ModelError {
  /** The idle timeout that ran out, in ms. */
  readonly idleTimeoutMs: number;
  /** True when part of the answer had already reached the caller. */
  readonly midAnswer: boolean;

  constructor(details: StreamIdleTimeoutDetails) {
    const { provider, idleTimeoutMs, midAnswer } = details;
    const where = midAnswer
      ? 'in the middle of the answer; the stream stalled and was closed'
      : 'before the answer started; the server may be overloaded or still loading the model';
    super(
      `no data from ${provider} for ${formatSeconds(idleTimeoutMs)} ${where}. If the model is just slow, ` +
        'raise idleTimeoutMs (an option of resolveModel and of the adapters)',
      { isRetryable: true },
    );
    this.idleTimeoutMs = idleTimeoutMs;
    this.midAnswer = midAnswer;
  }
}

/** What {@link StreamKeepAliveError} reports. */
export interface StreamKeepAliveDetails {
  /** Provider name, e.g. `openrouter`. */
  readonly provider: string;
  /** The keep-alive limit that ran out, in ms. */
  readonly keepAliveLimitMs: number;
  /** True when part of the answer had already reached the caller. */
  readonly midAnswer: boolean;
}

/**
 * A model stream kept the connection alive (SSE comments, blank lines, chunks
 * with no answer in them) but sent no answer part for `keepAliveLimitMs`, so
 * the request was closed. Not retried: a server stuck this way has already
 * held the request for the whole limit.
 */
export class StreamKeepAliveError extends ModelError {
  /** The keep-alive limit that ran out, in ms. */
  readonly keepAliveLimitMs: number;
  /** True when part of the answer had already reached the caller. */
  readonly midAnswer: boolean;

  constructor(details: StreamKeepAliveDetails) {
    const { provider, keepAliveLimitMs, midAnswer } = details;
    super(
      `${provider} sent only keep-alives for ${formatSeconds(keepAliveLimitMs)} ` +
        `(${midAnswer ? 'since the last part of the answer' : 'and no answer yet'}); the stream was closed. ` +
        'If the model is just slow, raise keepAliveLimitMs (an option of resolveModel and of the adapters)',
      { isRetryable: false },
    );
    this.keepAliveLimitMs = keepAliveLimitMs;
    this.midAnswer = midAnswer;
  }
}
