const numberFormat = new Intl.NumberFormat('en-US');

/** Largest `max_chars` the web tools accept; larger requests are clamped to it. */
export const MAX_MAX_CHARS = 100_000;

/**
 * Keeps the first `maxChars` characters of `text` (never splitting a
 * surrogate pair) and appends a marker that reports the full length, so the
 * model knows how much it did not see and how to ask for more.
 *
 * `cutAtBytes` says the download itself was cut at that many bytes (the body
 * cap): the marker then says so, even when `text` fits, instead of passing
 * the downloaded length off as the full length.
 */
export function truncateChars(text: string, maxChars: number, cutAtBytes?: number): string {
  const cut =
    cutAtBytes === undefined
      ? undefined
      : `the body is over ${numberFormat.format(cutAtBytes)} bytes; only the first ${numberFormat.format(cutAtBytes)} bytes were downloaded`;
  if (text.length <= maxChars) return cut === undefined ? text : `${text}\n\n[… truncated: ${cut}.]`;
  let end = maxChars;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const more =
    maxChars < MAX_MAX_CHARS
      ? ` Call again with a larger max_chars (up to ${numberFormat.format(MAX_MAX_CHARS)}) to read more.`
      : '';
  const shown = `showing the first ${numberFormat.format(end)} of ${numberFormat.format(text.length)} characters`;
  const what = cut === undefined ? `${shown}.` : `${shown} read from the part downloaded (${cut}).`;
  return `${text.slice(0, end)}\n\n[… truncated: ${what}${more}]`;
}

/**
 * Applies a tool's `max_chars` argument: the default when absent, clamped to
 * {@link MAX_MAX_CHARS}. Returns an `Error: ...` string for a value below 1.
 */
export function resolveMaxChars(requested: number | undefined, defaultValue: number): number | string {
  if (requested === undefined) return defaultValue;
  if (requested < 1) return `Error: max_chars must be at least 1 (got ${requested})`;
  return Math.min(requested, MAX_MAX_CHARS);
}
