import type { ContentPart } from '../messages/content.ts';
import type { ToolResult } from './tool.ts';
import { utf8ByteLength, utf8Prefix, utf8Suffix } from './utf8-cut.ts';

/** Default budget for one tool result, in estimated tokens. */
export const DEFAULT_MAX_RESULT_TOKENS = 10_000;

/** Bytes per token in the estimate: UTF-8 bytes / 4, the usual rule of thumb. */
const BYTES_PER_TOKEN = 4;

const numberFormat = new Intl.NumberFormat('en-US');

/** The marker that replaces the removed middle of a result. */
export function truncationMarker(removedBytes: number): string {
  const tokens = Math.ceil(removedBytes / BYTES_PER_TOKEN);
  return `\n\n[… ${numberFormat.format(removedBytes)} bytes (~${numberFormat.format(tokens)} tokens) removed from the middle of this result …]\n\n`;
}

/**
 * Cuts a tool result that is over budget in the middle, keeping its head and
 * tail and putting a marker saying how much was removed where the middle was.
 *
 * Tokens are estimated as UTF-8 bytes / 4, so the kept text is at most
 * `maxTokens * 4` bytes (plus the marker). Cuts fall on code-point boundaries:
 * a multi-byte character or a surrogate pair is never split.
 *
 * Rich content: the text parts are treated as one stream and cut in its middle;
 * images are always kept whole and in place, and do not count against the
 * budget (providers bill images by their pixels, not by the base64 length, so
 * counting their bytes would be wrong by orders of magnitude).
 *
 * @param maxTokens a positive number; `Infinity` disables truncation.
 * @throws RangeError when `maxTokens` is not a positive number.
 */
export function truncateResult(
  content: ToolResult,
  maxTokens: number = DEFAULT_MAX_RESULT_TOKENS,
): ToolResult {
  if (!(maxTokens > 0)) throw new RangeError(`maxTokens must be a positive number, got ${maxTokens}`);
  const budget = Math.floor(maxTokens * BYTES_PER_TOKEN);
  if (typeof content === 'string') {
    const total = utf8ByteLength(content);
    if (total <= budget) return content;
    const head = utf8Prefix(content, Math.ceil(budget / 2));
    const tail = utf8Suffix(content, Math.floor(budget / 2));
    const removed = total - utf8ByteLength(head) - utf8ByteLength(tail);
    return head + truncationMarker(removed) + tail;
  }
  return truncateParts(content, budget);
}

/** One text part's position in the concatenated text stream, and what of it is kept. */
interface TextSpan {
  readonly start: number;
  readonly end: number;
  head: string;
  tail: string;
}

function truncateParts(parts: readonly ContentPart[], budget: number): ToolResult {
  const spans = new Map<number, TextSpan>();
  let total = 0;
  parts.forEach((part, index) => {
    if (part.type !== 'text') return;
    const bytes = utf8ByteLength(part.text);
    spans.set(index, { start: total, end: total + bytes, head: '', tail: '' });
    total += bytes;
  });
  if (total <= budget) return parts;

  // Head keeps bytes [0, headEnd), tail keeps [tailStart, total); headEnd < tailStart.
  const headEnd = Math.ceil(budget / 2);
  const tailStart = total - Math.floor(budget / 2);
  let kept = 0;
  for (const [index, span] of spans) {
    const text = (parts[index] as { text: string }).text;
    if (span.start < headEnd) span.head = utf8Prefix(text, headEnd - span.start);
    if (span.end > tailStart) span.tail = utf8Suffix(text, span.end - tailStart);
    kept += utf8ByteLength(span.head) + utf8ByteLength(span.tail);
  }
  const marker = truncationMarker(total - kept);

  const out: ContentPart[] = [];
  let markerPlaced = false;
  parts.forEach((part, index) => {
    const span = spans.get(index);
    if (!span) {
      out.push(part);
      return;
    }
    let text = span.head;
    // The marker goes in the first part that reaches past the head cut.
    if (!markerPlaced && span.end > headEnd) {
      text += marker;
      markerPlaced = true;
    }
    text += span.tail;
    if (text !== '') out.push({ type: 'text', text });
  });
  return out;
}
