/** How a model call retries. All fields optional; see {@link DEFAULT_RETRY_POLICY}. */
export interface RetryPolicy {
  /** Retries after the first attempt (0 disables retrying). Default 2. */
  readonly maxRetries?: number;
  /** Base of the exponential backoff, in ms. Default 1000; tests inject a few ms. */
  readonly baseDelayMs?: number;
  /** Cap on any single wait, including a server's Retry-After, in ms. Default 30000. */
  readonly maxDelayMs?: number;
}

/** The defaults: 2 retries, 1 s base, 30 s cap. */
export const DEFAULT_RETRY_POLICY: Required<RetryPolicy> = Object.freeze({
  maxRetries: 2,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
});

/**
 * The wait before retry number `attempt` (1-based): the server's Retry-After
 * when it sent one, else full jitter, `random() * min(cap, base * 2^(attempt-1))`
 * (the AWS "full jitter" scheme: spreads a thundering herd best). Always capped.
 */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  const base = policy.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs;
  const cap = policy.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs;
  if (retryAfterMs !== undefined) return Math.min(cap, Math.max(0, Math.round(retryAfterMs)));
  const ceiling = Math.min(cap, base * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}
