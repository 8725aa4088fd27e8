import type { Model, ModelRequest, ModelStreamPart, RetryInfo } from '@kodama/models';

/** A one-message request. */
export const HELLO: ModelRequest = { messages: [{ role: 'user', content: 'hello' }] };

/** Reads a whole stream into an array. */
export async function collect(
  model: Model,
  request: ModelRequest = HELLO,
  options: { signal?: AbortSignal; onRetry?: (info: RetryInfo) => void } = {},
): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of model.stream(request, options)) parts.push(part);
  return parts;
}

/** The concatenated text deltas. */
export function textOf(parts: readonly ModelStreamPart[]): string {
  return parts.map((p) => (p.type === 'text-delta' ? p.text : '')).join('');
}

/** Retry delays small enough for tests; jitter fixed at its ceiling. */
export const FAST_RETRY = { baseDelayMs: 2, maxDelayMs: 40 };

/** Number of live timers, to prove a cancelled backoff cleared its own. */
export function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
}
