import type { HttpExchange } from './http-exchange.ts';
import { sleep } from './sleep.ts';

/** One server-sent event: an optional `event:` name and its `data:` text. */
export interface SseEvent {
  readonly event?: string;
  readonly data: string;
}

/** Formats one event as it travels on the wire (`event: x\ndata: {...}\n\n`). */
export function formatSse(event: SseEvent): string {
  return (event.event === undefined ? '' : `event: ${event.event}\n`) + `data: ${event.data}\n\n`;
}

/** How a streamed response ends after its events: cleanly, with a cut socket, or not at all (held open). */
export type SseEnding = 'end' | 'cut' | 'hold';

/**
 * Streams `events` with `chunkDelayMs` between them, then ends the response
 * (`end`), destroys the socket (`cut`, after the last event is flushed) or
 * leaves it open and silent (`hold`, until the client or `close()` ends it).
 * Stops quietly when the client goes away.
 */
export async function streamSse(
  exchange: HttpExchange,
  events: readonly SseEvent[],
  options: { readonly chunkDelayMs: number; readonly ending: SseEnding },
): Promise<void> {
  const { res, signal } = exchange;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  for (const [i, event] of events.entries()) {
    if (i > 0 && options.chunkDelayMs > 0) await sleep(options.chunkDelayMs, signal);
    if (res.destroyed) return;
    await new Promise<void>((resolve) => res.write(formatSse(event), () => resolve()));
  }
  if (options.ending === 'cut') exchange.cut();
  else if (options.ending === 'end') res.end();
}
