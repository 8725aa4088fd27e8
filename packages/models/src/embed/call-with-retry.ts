import type { EmbedOptions } from '@kodama/core/model';
import { isAbortError, throwIfAborted, toAbortError } from '../retry/abort-error.ts';
import { abortableDelay } from '../retry/abortable-delay.ts';
import { classifyError } from '../retry/classify-error.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY } from '../retry/retry-policy.ts';
import type { RetryContext } from '../retry/stream-with-retry.ts';

/**
 * Runs one request-response call under the same retry policy as a chat
 * stream (`streamWithRetry`): a retryable failure (429, 5xx, a reset
 * connection) waits with full jitter or the server's Retry-After and tries
 * again; anything else, or the last failure, rejects with a `ModelError`.
 * Aborts reject with an AbortError.
 */
export async function callWithRetry<T>(
  attempt: (signal: AbortSignal | undefined) => Promise<T>,
  options: EmbedOptions,
  context: RetryContext,
): Promise<T> {
  const { signal, onRetry } = options;
  const policy = context.policy ?? DEFAULT_RETRY_POLICY;
  const maxRetries = policy.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries;
  for (let retries = 0; ; retries++) {
    throwIfAborted(signal);
    try {
      return await attempt(signal);
    } catch (error) {
      if (signal?.aborted) throw toAbortError(signal);
      if (isAbortError(error)) throw error;
      const classified = classifyError(error, context);
      if (!classified.error.isRetryable || retries >= maxRetries) throw classified.error;
      const delayMs = backoffDelay(retries + 1, policy, classified.retryAfterMs, context.random);
      onRetry?.({ attempt: retries + 1, delayMs, cause: classified.cause, status: classified.error.status });
      await abortableDelay(delayMs, signal);
    }
  }
}
