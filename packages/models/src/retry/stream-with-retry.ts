import type { ModelStreamPart, StreamOptions } from '@kodama/core/model';
import { isAbortError, throwIfAborted, toAbortError } from './abort-error.ts';
import { abortableDelay } from './abortable-delay.ts';
import { classifyError, type ErrorContext } from './classify-error.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts';

/** Everything {@link streamWithRetry} needs besides the attempt itself. */
export interface RetryContext extends ErrorContext {
  readonly policy?: RetryPolicy;
  /** Random source for jitter; injectable for deterministic tests. */
  readonly random?: () => number;
}

/**
 * Runs `attempt` and re-runs it on a retryable failure, but only while no part
 * has reached the caller: a stream that fails after yielding is never replayed
 * (the caller already saw half an answer), it rejects with a `ModelError`.
 * `onRetry` is called before each wait; the wait rejects as soon as the signal
 * aborts. Aborts always reject with an AbortError, never a `ModelError`.
 */
export async function* streamWithRetry(
  attempt: (signal: AbortSignal | undefined) => AsyncIterable<ModelStreamPart>,
  options: StreamOptions,
  context: RetryContext,
): AsyncGenerator<ModelStreamPart, void, undefined> {
  const { signal, onRetry } = options;
  const policy = context.policy ?? DEFAULT_RETRY_POLICY;
  const maxRetries = policy.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries;
  for (let retries = 0; ; retries++) {
    throwIfAborted(signal);
    let yielded = false;
    try {
      for await (const part of attempt(signal)) {
        yielded = true;
        yield part;
      }
      return;
    } catch (error) {
      if (signal?.aborted) throw toAbortError(signal);
      if (isAbortError(error)) throw error;
      const classified = classifyError(error, context);
      if (yielded || !classified.error.isRetryable || retries >= maxRetries) throw classified.error;
      const delayMs = backoffDelay(retries + 1, policy, classified.retryAfterMs, context.random);
      onRetry?.({ attempt: retries + 1, delayMs, cause: classified.cause, status: classified.error.status });
      await abortableDelay(delayMs, signal);
    }
  }
}
