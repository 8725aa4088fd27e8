const numberFormat = new Intl.NumberFormat('en-US');

/** Largest `max_chars` the web tools accept; larger requests are clamped to it. */
export const MAX_MAX_CHARS = 100_000;

/**
 * Keeps the first `maxChars` characters of `text` (never splitting a
 * surrogate pair) and appends a marker that reports the full length, so the
 * model knows how much it did not see and how to ask for more.
 */
export function truncateChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = maxChars;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const more =
    maxChars < MAX_MAX_CHARS
      ? ` Call again with a larger max_chars (up to ${numberFormat.format(MAX_MAX_CHARS)}) to read more.`
      : '';
  return `${text.slice(0, end)}\n\n[… truncated: showing the first ${numberFormat.format(end)} of ${numberFormat.format(text.length)} characters.${more}]`;
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
