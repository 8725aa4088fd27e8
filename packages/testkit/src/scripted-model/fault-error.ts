import { ModelError } from '@kodama/core';
import type { ScriptedHttpFault } from '../script.ts';

/** Whether an HTTP status is worth retrying (timeouts, conflicts, rate limits, server errors). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Provider error types that a retry may cure. */
const RETRYABLE_STREAM_ERRORS = new Set([
  'overloaded_error',
  'rate_limit_error',
  'api_error',
  'server_error',
]);

/** The ModelError an HTTP fault becomes. */
export function httpFaultError(fault: ScriptedHttpFault): ModelError {
  const retry =
    fault.retryAfterMs !== undefined
      ? ` (retry after ${fault.retryAfterMs} ms)`
      : fault.retryAfterSeconds !== undefined
        ? ` (retry after ${fault.retryAfterSeconds} s)`
        : '';
  return new ModelError(`HTTP ${fault.status}: scripted error${retry}`, {
    status: fault.status,
    isRetryable: isRetryableStatus(fault.status),
  });
}

/** The ModelError a scripted mid-stream provider error becomes. */
export function streamFaultError(errorType: string, message: string | undefined): ModelError {
  return new ModelError(`stream error ${errorType}: ${message ?? 'scripted stream error'}`, {
    isRetryable: RETRYABLE_STREAM_ERRORS.has(errorType),
  });
}

/** The ModelError for a stream whose connection was cut mid-way. */
export function cutFaultError(): ModelError {
  return new ModelError('stream cut: the connection closed before the response finished (scripted)', {
    isRetryable: true,
  });
}

/** The ModelError for a stream that ended without a finish. */
export function noFinishFaultError(): ModelError {
  return new ModelError('stream ended without a finish reason (scripted)', { isRetryable: true });
}

/** The ModelError for a response without any choice. */
export function emptyChoicesFaultError(): ModelError {
  return new ModelError('response had no choices (scripted)', { isRetryable: false });
}
