import { ModelError } from '@kodama/core';
import { isAiSdkError } from '../adapter/ai-sdk-error.ts';
import { ModelAuthError, ModelServerUnreachableError, StreamIdleTimeoutError } from '../errors.ts';
import { formatSeconds } from '../idle/format-seconds.ts';
import { saysContextOverflow } from './context-overflow.ts';
import { ProviderHttpError } from './provider-http-error.ts';
import { parseRetryAfter } from './retry-after.ts';

/** Who is being called, for error messages that name the fix. */
export interface ErrorContext {
  /** Provider name, e.g. `anthropic`. */
  readonly provider: string;
  /** What fixes an auth failure, e.g. `check ANTHROPIC_API_KEY or pick another --model`. */
  readonly authHint?: string;
  /** What fixes a refused connection, e.g. `check your network or OPENAI_BASE_URL, or pick another --model`. */
  readonly unreachableHint?: string;
}

/** A failure turned into kodama's terms, plus what the retry loop needs. */
export interface ClassifiedError {
  readonly error: ModelError;
  /** Short cause for `onRetry`, e.g. `HTTP 429`, `ECONNRESET`, `overloaded`. */
  readonly cause: string;
  /** The wait the server asked for, when it did. */
  readonly retryAfterMs?: number;
}

/** The fields kodama reads from the AI SDK's `APICallError`. */
interface AiSdkApiCallError {
  readonly message: string;
  readonly statusCode?: number;
  readonly responseHeaders?: Record<string, string>;
}

const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TRANSIENT_TEXT =
  /overloaded|econnreset|socket hang up|fetch failed|terminated|other side closed|epipe/i;

/** 408/409/429 and every 5xx may succeed later; every other status never will. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return error.message + cause;
  }
  if (error && typeof error === 'object') {
    const { message, type } = error as { message?: unknown; type?: unknown };
    if (typeof message === 'string') return typeof type === 'string' ? `${type}: ${message}` : message;
    return JSON.stringify(error);
  }
  return String(error);
}

function fromStatus(status: number, message: string, context: ErrorContext, cause: unknown): ModelError {
  const text = `${context.provider} answered HTTP ${status}: ${message}`;
  if (status === 401 || status === 403) {
    const hint = context.authHint ?? 'check the API key or pick another --model';
    return new ModelAuthError(`${text}; ${hint}`, { status, cause });
  }
  // An overflow is never cured by sending the same request again (llama.cpp says it with a 500).
  if (saysContextOverflow(cause)) return new ModelError(text, { status, kind: 'context-overflow', cause });
  return new ModelError(text, { status, isRetryable: isRetryableStatus(status), cause });
}

/**
 * Turns anything a provider call threw (AI SDK `APICallError`, our
 * `ProviderHttpError`, fetch `TypeError`s, mid-stream error payloads) into a
 * `ModelError` with `status` and `isRetryable`, and `kind: 'context-overflow'`
 * when the provider said the request does not fit the model's window (see
 * {@link saysContextOverflow}). A `ModelError` passes through.
 * Aborts are not handled here: callers check their signal first.
 */
export function classifyError(error: unknown, context: ErrorContext): ClassifiedError {
  if (StreamIdleTimeoutError.isInstance(error)) {
    return { error, cause: `no data for ${formatSeconds(error.idleTimeoutMs)}` };
  }
  if (ModelError.isInstance(error)) {
    return { error, cause: error.status ? `HTTP ${error.status}` : error.message.slice(0, 80) };
  }
  if (error instanceof ProviderHttpError) {
    const retryAfterMs = parseRetryAfter(error.headers);
    const modelError = fromStatus(error.status, error.message.replace(/^HTTP \d+: ?/, ''), context, error);
    return { error: modelError, cause: `HTTP ${error.status}`, retryAfterMs };
  }
  if (isAiSdkError(error, 'AI_APICallError')) {
    const { statusCode, responseHeaders, message } = error as AiSdkApiCallError;
    if (statusCode !== undefined) {
      const retryAfterMs = parseRetryAfter(responseHeaders);
      // Anthropic reports a leading `overloaded_error` event as a synthetic 529.
      const modelError = fromStatus(statusCode, message, context, error);
      return { error: modelError, cause: `HTTP ${statusCode}`, retryAfterMs };
    }
  }
  const message = messageOf(error);
  const code = errorCode(error);
  // A refused connection or unknown host means nothing is there: retrying only delays the clear error.
  const absent = code === 'ECONNREFUSED' || code === 'ENOTFOUND';
  const transient =
    !absent && ((code !== undefined && TRANSIENT_CODES.has(code)) || TRANSIENT_TEXT.test(message));
  const cause = code ?? (/overloaded/i.test(message) ? 'overloaded' : message.slice(0, 80));
  if (absent) {
    const url = (error as { url?: unknown }).url;
    const where = typeof url === 'string' ? ` at ${url}` : '';
    const hint = context.unreachableHint ?? 'check that the server is running, or pick another --model';
    return {
      error: new ModelServerUnreachableError(
        typeof url === 'string' ? url : '',
        `cannot reach ${context.provider}${where} (${code}); ${hint}`,
        { cause: error, isRetryable: false },
      ),
      cause,
    };
  }
  const text = `${context.provider} call failed: ${message}`;
  const overflow = saysContextOverflow(error);
  return {
    error: overflow
      ? new ModelError(text, { kind: 'context-overflow', cause: error })
      : new ModelError(text, { isRetryable: transient, cause: error }),
    cause,
  };
}
