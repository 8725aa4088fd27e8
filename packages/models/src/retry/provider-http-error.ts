import { KodamaError } from '@kodama/core';
import type { HeaderSource } from './retry-after.ts';

/**
 * A non-2xx HTTP answer from a model server, as raised by kodama's own
 * fetch-based code (the lean adapter, probes). {@link classifyError} turns it
 * into a `ModelError`; it never leaves the package.
 */
export class ProviderHttpError extends KodamaError {
  /** The HTTP status. */
  readonly status: number;
  /** The response headers (Retry-After is read from them). */
  readonly headers: HeaderSource;
  /** The response body as text. */
  readonly body: string;

  constructor(status: number, headers: HeaderSource, body: string) {
    super(`HTTP ${status}${body ? `: ${summarizeBody(body)}` : ''}`);
    this.status = status;
    this.headers = headers;
    this.body = body;
  }
}

/** The human part of an error body: a JSON `error.message`/`message` when present, else trimmed text. */
export function summarizeBody(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const inner = typeof parsed.error === 'object' ? parsed.error?.message : parsed.error;
    const message = inner ?? parsed.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.trim().slice(0, 300);
}
