// The payloads of sse-large, shared by its server and its clients (which check what arrived).
import { createHash } from 'node:crypto';

/** Characters of the one big delta: 50 MB of ASCII text. */
export const BIG_CHARS = 50_000_000;
/** Number of small (one-character) deltas. */
export const SMALL_EVENTS = 1_000_000;
/** Small events per server write (a server flushes a few events at a time, not one per packet). */
export const SMALL_BATCH = 100;

/**
 * The big delta: code-like text with quotes, backslashes and newlines, so the
 * JSON carries escapes (a file a tool wrote), not one repeated letter.
 */
export function bigText(): string {
  const line = 'const answer = "quoted \\"text\\"" + path.join("a", "b"); // tab\there\n';
  return line.repeat(Math.ceil(BIG_CHARS / line.length)).slice(0, BIG_CHARS);
}

/** SHA-256 of `text`, to check the delta arrived intact. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** One SSE event carrying the big delta. */
export function bigEvent(): string {
  const chunk = { choices: [{ index: 0, delta: { content: bigText() } }] };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** One SSE event carrying a one-character delta. */
export function smallEvent(): string {
  return 'data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n';
}
