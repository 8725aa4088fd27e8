import { InvalidOptionError } from '@kodama/core';

/**
 * How long a model stream may go on without an answer part, unless
 * configured: 10 minutes. Keep-alives (SSE comments, blank lines, chunks that
 * carry no text, reasoning or tool call) reset the idle timeout, so a server
 * that sends only them would hold a request forever; this limit ends it.
 * Long, so that a model that thinks for minutes behind a proxy's keep-alives
 * (OpenRouter sends comments while the upstream works) still answers.
 */
export const DEFAULT_KEEP_ALIVE_LIMIT_MS = 600_000;

/**
 * The keep-alive limit an adapter uses: `value`, else the default. Throws
 * `InvalidOptionError` for anything but a positive number; `Infinity` turns
 * the limit off.
 */
export function keepAliveLimitOf(value: number | undefined): number {
  const limit = value ?? DEFAULT_KEEP_ALIVE_LIMIT_MS;
  if (typeof limit !== 'number' || !(limit > 0)) {
    throw new InvalidOptionError(
      'keepAliveLimitMs',
      'a positive number of milliseconds (Infinity turns the limit off)',
      limit,
    );
  }
  return limit;
}
