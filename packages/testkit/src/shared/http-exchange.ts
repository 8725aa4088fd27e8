import type { ServerResponse } from 'node:http';
import type { RecordedRequest } from '../script.ts';

/** One request being answered: what was recorded, and the response to write. */
export interface HttpExchange {
  readonly request: RecordedRequest;
  readonly url: URL;
  readonly res: ServerResponse;
  /** Aborts when the response is closed (by either side); cancels scripted delays. */
  readonly signal: AbortSignal;
  /** Destroys the socket on purpose (a scripted cut); not counted as a client disconnect. */
  cut(): void;
}

/** Writes a JSON response. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}
