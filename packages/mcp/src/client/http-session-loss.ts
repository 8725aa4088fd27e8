import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * How a Streamable HTTP server lost a client, read from a failed request:
 * - `session`: it answered 404 to the session id (it restarted, or expired the
 *   session). The request did not run there; the protocol says to start a new
 *   session, and the call can be sent again on it.
 * - `unreachable`: the connection failed (refused, reset, DNS). Whether the call
 *   ran is unknown when the connection broke mid-request, so it is not resent.
 * - `undefined`: any other failure (a tool error, a timeout, a cancel).
 */
export type HttpSessionLoss = 'session' | 'unreachable' | undefined;

/** Classifies `error` from a request over Streamable HTTP (see {@link HttpSessionLoss}). */
export function httpSessionLoss(error: unknown): HttpSessionLoss {
  if (error instanceof StreamableHTTPError) return error.code === 404 ? 'session' : undefined;
  // undici's fetch rejects with TypeError('fetch failed') and the socket error as its cause.
  if (error instanceof TypeError && /fetch failed/.test(error.message)) return 'unreachable';
  return undefined;
}
