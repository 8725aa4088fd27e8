/** Where text-writing listeners write: a `process.stdout`, a file stream, or a test buffer. */
export interface TextSink {
  write(text: string): unknown;
}

/** Formats a token count compactly: `950`, `12.2k`, `1.5M`. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
