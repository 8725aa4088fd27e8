import { ModelError } from '@kodama/core';

const TARGET = Symbol.for('kodama.ModelTargetError');
const MISSING_KEY = Symbol.for('kodama.MissingApiKeyError');
const UNREACHABLE = Symbol.for('kodama.ModelServerUnreachableError');
const AUTH = Symbol.for('kodama.ModelAuthError');

function has(value: unknown, marker: symbol): boolean {
  return typeof value === 'object' && value !== null && marker in value;
}

/**
 * A model target string could not be understood: unknown provider, malformed
 * grammar, or a server that lists no models. The user's fix is a different `--model`.
 */
export class ModelTargetError extends ModelError {
  /** The target string as given. */
  readonly target: string;
  protected readonly [TARGET] = true;

  constructor(target: string, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ModelTargetError';
    this.target = target;
  }

  /** True for any ModelTargetError, even from another install. */
  static override isInstance(value: unknown): value is ModelTargetError {
    return has(value, TARGET);
  }
}

/** The provider needs an API key that the environment does not hold. */
export class MissingApiKeyError extends ModelError {
  /** Name of the environment variable that would fix it, e.g. `ANTHROPIC_API_KEY`. */
  readonly envVar: string;
  protected readonly [MISSING_KEY] = true;

  constructor(provider: string, envVar: string) {
    super(`${provider} needs an API key: set ${envVar} or pick another --model`);
    this.name = 'MissingApiKeyError';
    this.envVar = envVar;
  }

  /** True for any MissingApiKeyError, even from another install. */
  static override isInstance(value: unknown): value is MissingApiKeyError {
    return has(value, MISSING_KEY);
  }
}

/** A model server did not answer at all (connection refused, DNS failure, timeout). */
export class ModelServerUnreachableError extends ModelError {
  /** The URL that was tried. */
  readonly url: string;
  protected readonly [UNREACHABLE] = true;

  constructor(url: string, message: string, options: { cause?: unknown; isRetryable?: boolean } = {}) {
    super(message, { cause: options.cause, isRetryable: options.isRetryable ?? true });
    this.name = 'ModelServerUnreachableError';
    this.url = url;
  }

  /** True for any ModelServerUnreachableError, even from another install. */
  static override isInstance(value: unknown): value is ModelServerUnreachableError {
    return has(value, UNREACHABLE);
  }
}

/** The server refused the credentials (HTTP 401 or 403). Never retried. */
export class ModelAuthError extends ModelError {
  protected readonly [AUTH] = true;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { status: options.status, cause: options.cause, isRetryable: false });
    this.name = 'ModelAuthError';
  }

  /** True for any ModelAuthError, even from another install. */
  static override isInstance(value: unknown): value is ModelAuthError {
    return has(value, AUTH);
  }
}
