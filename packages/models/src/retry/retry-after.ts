/** Header lookup over either a `Headers` object or a plain lower-case record. */
export type HeaderSource = Headers | Readonly<Record<string, string | undefined>> | undefined;

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | undefined>>;
  return record[name] ?? record[name.toLowerCase()];
}

/**
 * The wait a server asked for, in milliseconds: `retry-after-ms` first (OpenAI,
 * Anthropic), then `Retry-After` as seconds or an HTTP date. `undefined` when
 * absent or unparseable; a date in the past gives 0.
 */
export function parseRetryAfter(headers: HeaderSource, now: number = Date.now()): number | undefined {
  const ms = header(headers, 'retry-after-ms');
  if (ms !== undefined && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = header(headers, 'retry-after');
  if (after === undefined || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
